CREATE TABLE `config_heads` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `agents` ADD `config_version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Config versions (issue 12 item 6): a turn reads one row to know whether its cached intents,
-- integrations and platform settings are current, in this thread and in the job Worker; triggers
-- bump them inside the writer's own transaction, so no writer can forget.
INSERT INTO `config_heads` (`name`, `version`) VALUES ('platform', 0);
--> statement-breakpoint
CREATE TRIGGER `agent_intents_config_i` AFTER INSERT ON `agent_intents` BEGIN
  UPDATE agents SET config_version = config_version + 1 WHERE id IN (new.agent_id);
END;
--> statement-breakpoint
CREATE TRIGGER `agent_intents_config_u` AFTER UPDATE ON `agent_intents` BEGIN
  UPDATE agents SET config_version = config_version + 1 WHERE id IN (old.agent_id, new.agent_id);
END;
--> statement-breakpoint
CREATE TRIGGER `agent_intents_config_d` AFTER DELETE ON `agent_intents` BEGIN
  UPDATE agents SET config_version = config_version + 1 WHERE id IN (old.agent_id);
END;
--> statement-breakpoint
CREATE TRIGGER `agent_integrations_config_i` AFTER INSERT ON `agent_integrations` BEGIN
  UPDATE agents SET config_version = config_version + 1 WHERE id IN (new.agent_id);
END;
--> statement-breakpoint
CREATE TRIGGER `agent_integrations_config_u` AFTER UPDATE ON `agent_integrations` BEGIN
  UPDATE agents SET config_version = config_version + 1 WHERE id IN (old.agent_id, new.agent_id);
END;
--> statement-breakpoint
CREATE TRIGGER `agent_integrations_config_d` AFTER DELETE ON `agent_integrations` BEGIN
  UPDATE agents SET config_version = config_version + 1 WHERE id IN (old.agent_id);
END;
--> statement-breakpoint
CREATE TRIGGER `platform_settings_config_i` AFTER INSERT ON `platform_settings` BEGIN
  UPDATE config_heads SET version = version + 1 WHERE name = 'platform';
END;
--> statement-breakpoint
CREATE TRIGGER `platform_settings_config_u` AFTER UPDATE ON `platform_settings` BEGIN
  UPDATE config_heads SET version = version + 1 WHERE name = 'platform';
END;
--> statement-breakpoint
CREATE TRIGGER `platform_settings_config_d` AFTER DELETE ON `platform_settings` BEGIN
  UPDATE config_heads SET version = version + 1 WHERE name = 'platform';
END;
--> statement-breakpoint
CREATE TRIGGER `system_prompts_config_i` AFTER INSERT ON `system_prompts` BEGIN
  UPDATE config_heads SET version = version + 1 WHERE name = 'platform';
END;
--> statement-breakpoint
CREATE TRIGGER `system_prompts_config_u` AFTER UPDATE ON `system_prompts` BEGIN
  UPDATE config_heads SET version = version + 1 WHERE name = 'platform';
END;
--> statement-breakpoint
CREATE TRIGGER `system_prompts_config_d` AFTER DELETE ON `system_prompts` BEGIN
  UPDATE config_heads SET version = version + 1 WHERE name = 'platform';
END;
--> statement-breakpoint
CREATE TRIGGER `ai_models_config_config_i` AFTER INSERT ON `ai_models_config` BEGIN
  UPDATE config_heads SET version = version + 1 WHERE name = 'platform';
END;
--> statement-breakpoint
CREATE TRIGGER `ai_models_config_config_u` AFTER UPDATE ON `ai_models_config` BEGIN
  UPDATE config_heads SET version = version + 1 WHERE name = 'platform';
END;
--> statement-breakpoint
CREATE TRIGGER `ai_models_config_config_d` AFTER DELETE ON `ai_models_config` BEGIN
  UPDATE config_heads SET version = version + 1 WHERE name = 'platform';
END;
--> statement-breakpoint
CREATE TRIGGER `model_pricing_config_i` AFTER INSERT ON `model_pricing` BEGIN
  UPDATE config_heads SET version = version + 1 WHERE name = 'platform';
END;
--> statement-breakpoint
CREATE TRIGGER `model_pricing_config_u` AFTER UPDATE ON `model_pricing` BEGIN
  UPDATE config_heads SET version = version + 1 WHERE name = 'platform';
END;
--> statement-breakpoint
CREATE TRIGGER `model_pricing_config_d` AFTER DELETE ON `model_pricing` BEGIN
  UPDATE config_heads SET version = version + 1 WHERE name = 'platform';
END;
--> statement-breakpoint
CREATE TRIGGER `credit_system_config_config_i` AFTER INSERT ON `credit_system_config` BEGIN
  UPDATE config_heads SET version = version + 1 WHERE name = 'platform';
END;
--> statement-breakpoint
CREATE TRIGGER `credit_system_config_config_u` AFTER UPDATE ON `credit_system_config` BEGIN
  UPDATE config_heads SET version = version + 1 WHERE name = 'platform';
END;
--> statement-breakpoint
CREATE TRIGGER `credit_system_config_config_d` AFTER DELETE ON `credit_system_config` BEGIN
  UPDATE config_heads SET version = version + 1 WHERE name = 'platform';
END;
