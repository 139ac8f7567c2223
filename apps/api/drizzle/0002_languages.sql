-- Reference data (spec §3): nl-NL id 251 is default and fallback; GET /languages offers en-GB and nl-NL.
INSERT INTO "languages" ("id", "code", "description", "short", "flag", "icon", "square_icon") VALUES
  (1, 'en-GB', 'English', 'EN', 'gb', NULL, NULL),
  (2, 'de-DE', 'Deutsch', 'DE', 'de', NULL, NULL),
  (251, 'nl-NL', 'Nederlands', 'NL', 'nl', NULL, NULL)
ON CONFLICT ("id") DO NOTHING;
