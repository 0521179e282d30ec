"""Problems carry a stable code and parameters beside their English reason, through
extraction, the cache and the JSON report, so that the GUI can say them in its language."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from docgen import write_txt
from neardup.core.extract import extract
from neardup.core.models import REASONS, Problem, reason_text
from neardup.core.report import report_dict
from neardup.core.scan import scan
from neardup.core.settings import ScanSettings


def _written(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _bad_files(folder: Path) -> dict[str, Path]:
    folder.mkdir()
    broken_docx = folder / "broken.docx"
    with zipfile.ZipFile(broken_docx, "w") as archive:
        archive.writestr("readme.txt", "not a Word document")
    return {
        "empty": write_txt(folder / "empty.txt", ""),
        "binary-kind": _written(folder / "picture.txt", b"\x89PNG\r\n\x1a\n" + bytes(range(256))),
        "unsupported-type": write_txt(folder / "notes.odt", "text"),
        "docx-invalid": broken_docx,
        "pdf-invalid": write_txt(folder / "truncated.pdf", "%PDF-1.4\n1 0 obj\n"),
        "no-text": write_txt(folder / "blank.txt", "   \n\n  "),
    }


def test_each_problem_has_the_code_of_its_reason(tmp_path: Path) -> None:
    for code, path in _bad_files(tmp_path / "bad").items():
        problem = extract(path)
        assert isinstance(problem, Problem), path
        assert problem.code == code
        assert problem.reason == reason_text(problem.code, problem.params)
    unsupported = extract(tmp_path / "bad" / "notes.odt")
    assert isinstance(unsupported, Problem) and unsupported.params == {"suffix": ".odt"}
    assert unsupported.reason == "Unsupported file type '.odt'; NearDup reads .txt, .docx and .pdf"


def test_codes_survive_the_cache_and_reach_the_json_report(tmp_path: Path) -> None:
    files = _bad_files(tmp_path / "bad")
    write_txt(tmp_path / "bad" / "fine.txt", "A readable document with enough words in it.")
    settings = ScanSettings(workers=1, cache_path=tmp_path / "cache.sqlite")
    for _ in range(2):  # the second scan reads every problem from the cache
        report = json.loads(json.dumps(report_dict(scan([tmp_path / "bad"], settings))))
        codes = {Path(p["path"]).name: p["code"] for p in report["problems"]}
        # a scan walks only the file types it reads: it never sees the .odt
        expected = {path.name: code for code, path in files.items() if path.suffix != ".odt"}
        assert codes == expected
        for problem in report["problems"]:  # the reason is still there, in English
            assert problem["reason"] == REASONS[problem["code"]].format(**problem["params"])
