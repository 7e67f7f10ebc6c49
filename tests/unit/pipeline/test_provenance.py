"""What a build records of its inputs (``build_info``'s ``inputs``): every OEIS file a
configuration names, with the SHA-256 of its bytes, and no cache."""

from __future__ import annotations

import hashlib
import json

from wythoff.pipeline import provenance


def test_the_inputs_name_each_file_read_by_its_digest(tmp_path):
    stripped = tmp_path / "stripped"
    stripped.write_bytes(b"A000201 ,0,1,3,4,6,\n" * 100_000)  # more than one chunk read
    read = json.loads(provenance.inputs(str(stripped), "", str(tmp_path / "oeisdata")))
    digest = hashlib.sha256(stripped.read_bytes()).hexdigest()
    assert read["oeis_stripped"] == f"{stripped} (SHA-256 {digest})"
    assert read["oeis_names"] == "the excerpt shipped with the package"
    assert read["oeis_entries"] == f"the folder {tmp_path / 'oeisdata'}"
    assert read["cache"].startswith("none")
    stripped.write_bytes(b"A000201 ,0,1,3,4,7,\n")
    assert (
        json.loads(provenance.inputs(str(stripped), "", ""))["oeis_stripped"]
        != (read["oeis_stripped"])
    )


def test_build_info_records_the_inputs():
    info = provenance.build_info("{}", "OEIS excerpt", "2.0", provenance.inputs("", "", ""))
    assert json.loads(info["inputs"])["cache"] == provenance.NO_CACHE
