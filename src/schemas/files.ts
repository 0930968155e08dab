/** Stored files (issue 19): purposes and the one URL they are served at. Pure: the web imports it. */
export const FILE_PURPOSES = ["support", "lesson_video", "lesson_material", "chat_image", "agent_avatar"] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** GET here answers the bytes (with range requests) to those allowed, or SPEC §8's statuses. */
export const fileUrl = (fileId: string) => `/api/v1/files/${fileId}`;
