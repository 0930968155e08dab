/** Loaded lazily with the detail page: @xyflow/react and its CSS only ship to who opens a graph. */
import flowStylesUrl from "@xyflow/react/dist/style.css" with { type: "file" };
import { Background, type Connection, Controls, type Edge, Handle, MarkerType, type Node, type NodeProps, Position, ReactFlow, applyNodeChanges, type NodeChange } from "@xyflow/react";
import { useEffect, useMemo, useState } from "react";
import type { OrchestrationMember, OrchestrationRule } from "../hooks/use-orchestrations";
import { rulesSummary } from "./condition-editor";

type AgentData = { name: string; isEntryPoint: boolean; isActive: boolean };
type AgentNode = Node<AgentData, "agent">;

function AgentNodeView({ data }: NodeProps<AgentNode>) {
  return (
    <div className={`min-w-40 rounded-box border-2 bg-base-100 px-3 py-2 shadow-sm ${data.isEntryPoint ? "border-primary" : "border-base-300"}`}>
      <Handle type="target" position={Position.Top} />
      <p className="font-medium text-sm">{data.name}</p>
      <div className="mt-1 flex gap-1">
        {data.isEntryPoint && <span className="badge badge-primary badge-sm">Entrada</span>}
        {!data.isActive && <span className="badge badge-ghost badge-sm">Agente inativo</span>}
      </div>
      <Handle type="source" position={Position.Bottom} />
    </div>
  );
}
const nodeTypes = { agent: AgentNodeView };

type Props = {
  members: OrchestrationMember[];
  rules: OrchestrationRule[];
  canEdit: boolean;
  onConnect: (from: string, to: string) => void;
  onEdgeOpen: (rule: OrchestrationRule) => void;
  onMoved: (positions: { agentId: string; x: number; y: number }[]) => void;
};

/** Agents as nodes (the entry marked "Entrada"), rules as edges labelled with priority and conditions. */
export default function OrchestrationGraph({ members, rules, canEdit, onConnect, onEdgeOpen, onMoved }: Props) {
  const fromServer = useMemo<AgentNode[]>(
    () => members.map((m) => ({ id: m.agentId, type: "agent", position: m.position, data: { name: m.name, isEntryPoint: m.isEntryPoint, isActive: m.isActive }, ariaLabel: `Agente ${m.name}` })),
    [members],
  );
  // Local node state so a drag moves smoothly; the saved positions come back with the next refresh.
  const [nodes, setNodes] = useState<AgentNode[]>(fromServer);
  useEffect(() => setNodes(fromServer), [fromServer]);
  const edges = useMemo<Edge[]>(
    () =>
      rules.map((r) => ({
        id: r.id,
        source: r.fromAgentId,
        target: r.toAgentId,
        label: `P${r.priority} · ${rulesSummary(r.conditions, r.conditionMode)}`,
        markerEnd: { type: MarkerType.ArrowClosed },
        animated: !r.isActive,
        ariaLabel: `Regra de prioridade ${r.priority}`,
        labelBgPadding: [6, 3] as [number, number],
        labelStyle: { fontSize: 11 },
      })),
    [rules],
  );
  return (
    <div className="h-[480px] w-full rounded-box border border-base-300 bg-base-200" data-testid="orchestration-graph">
      {/* The graph's stylesheet, its own file: imported as CSS, the bundler also put it into the app's
          one stylesheet that every page loads (3 kB of its 20 kB budget, issue 12). With a
          precedence, React puts it in <head> once and shows the graph only after it loaded, so
          the first fit of the view measures styled nodes. */}
      <link rel="stylesheet" href={flowStylesUrl} precedence="default" />
      <ReactFlow<AgentNode, Edge>
        // A new or removed agent re-fits the view, so every node stays on screen.
        key={members.map((m) => m.agentId).join(",")}
        nodes={nodes}
        edges={edges}
        // Removing an agent or a rule asks first (the panels' dialogs): the graph's Backspace does nothing.
        deleteKeyCode={null}
        nodeTypes={nodeTypes}
        fitView
        fitViewOptions={{ padding: 0.3, maxZoom: 1 }}
        nodesDraggable={canEdit}
        nodesConnectable={canEdit}
        proOptions={{ hideAttribution: true }}
        onNodesChange={(changes: NodeChange<AgentNode>[]) => setNodes((n) => applyNodeChanges(changes, n))}
        onNodeDragStop={(_e, _node, moved) => onMoved(moved.map((n) => ({ agentId: n.id, x: n.position.x, y: n.position.y })))}
        onConnect={(c: Connection) => c.source && c.target && c.source !== c.target && onConnect(c.source, c.target)}
        onEdgeClick={(_e, edge) => {
          const rule = rules.find((r) => r.id === edge.id);
          if (rule) onEdgeOpen(rule);
        }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
