-- +goose Up
-- Game logs carry the version of their notation (issue 29): a log stored
-- before the tag was written is read as notation 1, every effect a declared
-- line, so it keeps the verdict it had. A text log gets the tag as its first
-- line; a JSON log gets "notation": 1 in its setup. Newer logs say
-- [Notation "2"] themselves.
UPDATE game_logs SET body = '[Notation "1"]' || chr(10) || body
WHERE ltrim(body, E' \t\r\n') NOT LIKE '{%'
  AND body NOT ILIKE '%[Notation %';
UPDATE game_logs
SET body = substr(body, 1, strpos(body, '"setup"') + strpos(substr(body, strpos(body, '"setup"')), '{') - 1)
    || '"notation":1,'
    || substr(body, strpos(body, '"setup"') + strpos(substr(body, strpos(body, '"setup"')), '{'))
WHERE ltrim(body, E' \t\r\n') LIKE '{%'
  AND body NOT ILIKE '%"notation"%'
  AND strpos(body, '"setup"') > 0
  AND strpos(substr(body, strpos(body, '"setup"')), '{') > 0;

-- +goose Down
UPDATE game_logs SET body = substr(body, 16) WHERE substr(body, 1, 15) = '[Notation "1"]' || chr(10);
UPDATE game_logs SET body = replace(body, '"notation":1,', '')
WHERE ltrim(body, E' \t\r\n') LIKE '{%' AND body LIKE '%"notation":1,%';
