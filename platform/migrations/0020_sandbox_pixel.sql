-- The sandbox's stand-in for the operator's ad-retargeting pixel host (spec section 7, "Pixel beacon"):
-- every beacon the client sends, as that host would receive it, so tests and people trying the product
-- can see what a real deployment would report. A real platform has no such table.
CREATE TABLE sandbox_pixel_beacons (
    id INTEGER PRIMARY KEY,
    -- The client's per-beacon random value (a real pixel's cache buster); tests find their beacon by it.
    nonce TEXT NOT NULL,
    action INTEGER NOT NULL,
    label INTEGER,
    screen TEXT NOT NULL,
    time_zone_offset INTEGER NOT NULL,
    plugins INTEGER NOT NULL,
    mime_types INTEGER NOT NULL,
    -- The browser's rounded estimate in GiB (0.25 … 8) as sent, text: it is reported, never computed with.
    device_memory TEXT,
    hardware_threads INTEGER,
    renderer TEXT,
    received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX sandbox_pixel_beacons_by_nonce ON sandbox_pixel_beacons (nonce);
