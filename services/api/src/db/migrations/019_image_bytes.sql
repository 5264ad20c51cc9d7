-- Images are bytes: wallet logos are WebP and PNG as well as SVG (issue 31). The generated SVGs stored so far
-- become their UTF-8 bytes.
ALTER TABLE images ALTER COLUMN body TYPE bytea USING convert_to(body, 'UTF8');
