"""Large files in parts: the parts join back into the file, none exceeds the limit,
and the manifest says where each byte lies."""

from __future__ import annotations

import os

from wythoff.website import parts


class TestSplit:
    def test_the_parts_join_into_the_file_and_none_exceeds_the_limit(self, tmp_path):
        source = tmp_path / "wythoff.sqlite"
        data = os.urandom(5 * parts.MIB + 123)
        source.write_bytes(data)
        names = parts.split(source, tmp_path / "site", 2 * parts.MIB)
        assert names == ["wythoff.sqlite.000", "wythoff.sqlite.001", "wythoff.sqlite.002"]
        sizes = [(tmp_path / "site" / name).stat().st_size for name in names]
        assert sizes == [2 * parts.MIB, 2 * parts.MIB, parts.MIB + 123]
        assert b"".join((tmp_path / "site" / name).read_bytes() for name in names) == data

    def test_a_file_that_fits_is_linked_not_copied(self, tmp_path):
        source = tmp_path / "small.zip"
        source.write_bytes(b"x" * 1000)
        (name,) = parts.split(source, tmp_path / "site", parts.MIB)
        assert (tmp_path / "site" / name).samefile(source)
        assert parts.split(source, tmp_path / "site", parts.MIB) == [name]  # again: replaced

    def test_the_manifest_lists_the_parts_and_their_base(self, tmp_path):
        source = tmp_path / "wythoff.sqlite"
        source.write_bytes(b"\0" * 3000)
        names = parts.split(source, tmp_path / "site", 1024)
        assert parts.manifest(source, names, 1024, "https://data.example.org/w/") == {
            "file": "wythoff.sqlite",
            "size": 3000,
            "part_size": 1024,
            "parts": ["wythoff.sqlite.000", "wythoff.sqlite.001", "wythoff.sqlite.002"],
            "base": "https://data.example.org/w/",
        }
