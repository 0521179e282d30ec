"""Tests for neardup.core.extract on real files generated at run time."""

from __future__ import annotations

import codecs
import os
import random
import zipfile
from pathlib import Path

import pytest

from docgen import write_docx, write_pdf, write_scanned_pdf, write_txt
from neardup.core.extract import EXTRACTORS, SUPPORTED_SUFFIXES, extract
from neardup.core.extract.txt import _text_score, decode_text
from neardup.core.models import Document, Problem

SIMPLIFIED = (
    "自然语言处理是人工智能和语言学领域的分支学科。它研究如何让计算机理解、处理和生成人类语言，"
    "包括分词、词性标注、句法分析、机器翻译和信息检索等任务。近年来，随着深度学习的发展，"
    "许多任务的效果有了明显的提高。我们今天讨论的话题是近似重复文档的检测：在论文查重和文件整理中，"
    "人们常常需要找出内容几乎相同的文档，或者找出一篇文章中有多少段落是从别的文章中复制过来的。"
    "这个问题看起来简单，但是当文档数量达到几十万篇时，两两比较的代价就变得无法接受，"
    "因此需要使用指纹和索引的方法来快速找到候选的文档对，然后再仔细地验证它们。"
)
TRADITIONAL = (
    "自然語言處理是人工智慧和語言學領域的分支學科。它研究如何讓電腦理解、處理和產生人類語言，"
    "包括斷詞、詞性標注、句法分析、機器翻譯和資訊檢索等任務。近年來，隨著深度學習的發展，"
    "許多任務的效果有了明顯的提高。我們今天討論的話題是近似重複文件的檢測：在論文查核和檔案整理中，"
    "人們常常需要找出內容幾乎相同的文件，或者找出一篇文章中有多少段落是從別的文章中複製過來的。"
    "這個問題看起來簡單，但是當文件數量達到幾十萬篇時，兩兩比較的代價就變得無法接受，"
    "因此需要使用指紋和索引的方法來快速找到候選的文件對，然後再仔細地驗證它們。"
)
ENGLISH = (
    "Near-duplicate detection finds documents whose content is almost the same. "
    "A fingerprint of sixty-four bits summarises each document, and a block index finds "
    "the pairs of fingerprints that differ in only a few bits."
)


def _document(result: Document | Problem) -> Document:
    assert isinstance(result, Document), result
    return result


def _problem(result: Document | Problem) -> Problem:
    assert isinstance(result, Problem), result
    return result


# --- registry and paths ---------------------------------------------------------------------


def test_registry_covers_the_supported_suffixes() -> None:
    assert {".txt", ".docx", ".pdf"} == SUPPORTED_SUFFIXES
    assert set(EXTRACTORS) == SUPPORTED_SUFFIXES


def test_suffix_is_case_insensitive_and_path_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_txt(tmp_path / "UPPER.TXT", ENGLISH)
    monkeypatch.chdir(tmp_path)
    doc = _document(extract(Path("UPPER.TXT")))
    assert doc.path == tmp_path / "UPPER.TXT"
    assert doc.path.is_absolute()
    assert doc.format == "txt"
    assert doc.size == len(ENGLISH)


def test_symlink_path_is_reported_as_given(tmp_path: Path) -> None:
    target = write_txt(tmp_path / "real.txt", ENGLISH)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    assert _document(extract(link)).path == link


def test_unknown_pdf_engine_is_a_programming_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="pdf_engine"):
        extract(tmp_path / "a.pdf", pdf_engine="ocr")


# --- txt: encodings -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "encoding", "bom", "expected"),
    [
        (ENGLISH, "ascii", b"", "utf-8"),
        (SIMPLIFIED, "utf-8", b"", "utf-8"),
        (SIMPLIFIED, "utf-8", codecs.BOM_UTF8, "utf-8-sig"),
        (TRADITIONAL, "utf-16-le", codecs.BOM_UTF16_LE, "utf-16-le"),
        (SIMPLIFIED, "utf-16-be", codecs.BOM_UTF16_BE, "utf-16-be"),
        (SIMPLIFIED, "utf-32-le", codecs.BOM_UTF32_LE, "utf-32-le"),
        (SIMPLIFIED, "gbk", b"", "gb18030"),
        (SIMPLIFIED + "𠀀㐀", "gb18030", b"", "gb18030"),
        (TRADITIONAL, "big5", b"", "big5"),
        (ENGLISH + " Ünïcödé café", "utf-8", b"", "utf-8"),
    ],
)
def test_txt_encodings(tmp_path: Path, text: str, encoding: str, bom: bytes, expected: str) -> None:
    path = write_txt(tmp_path / "doc.txt", text, encoding, bom=bom)
    doc = _document(extract(path))
    assert doc.text == text
    assert doc.encoding == expected


def test_utf16_without_bom_is_recognised(tmp_path: Path) -> None:
    path = write_txt(tmp_path / "doc.txt", ENGLISH + "\n" + SIMPLIFIED, "utf-16-le")
    doc = _document(extract(path))
    assert doc.encoding == "utf-16-le"
    assert SIMPLIFIED in doc.text


def test_windows_line_endings_become_newlines(tmp_path: Path) -> None:
    path = write_txt(tmp_path / "doc.txt", "第一行\r\n第二行\r\n", "gbk")
    assert _document(extract(path)).text == "第一行\n第二行\n"


@pytest.mark.parametrize("length", [2, 3, 4, 6, 10, 30])
def test_short_chinese_texts_pick_the_right_code_page(length: int) -> None:
    # Detectors misjudge short CJK snippets; every slice of real text must still round-trip.
    for source, encoding in ((SIMPLIFIED, "gb18030"), (TRADITIONAL, "big5")):
        failures = []
        for start in range(0, len(source) - length, 7):
            snippet = source[start : start + length]
            text, _, _ = decode_text(snippet.encode(encoding))
            if text != snippet:
                failures.append((snippet, text))
        assert not failures, f"{encoding}: {failures[:5]}"


@pytest.mark.parametrize("code_page", ["cp1250", "cp1257", "mac_latin2", "iso8859_2", "cp1252"])
def test_chinese_outscores_its_reading_through_a_european_code_page(code_page: str) -> None:
    # Which European code pages the detector proposes changes between its releases; the
    # score alone must rank every such reading of Chinese bytes below the Chinese one.
    for length in (4, 6, 10):
        for start in range(0, len(SIMPLIFIED) - length, 5):
            data = SIMPLIFIED[start : start + length].encode("gb18030")
            try:
                misread = data.decode(code_page)
            except UnicodeDecodeError:
                continue
            assert _text_score(misread) < _text_score(data.decode("gb18030")), misread


@pytest.mark.parametrize(
    ("text", "code_page"),
    [
        ("Příliš žluťoučký kůň úpěl ďábelské ódy. Zażółć gęślą jaźń.", "cp1250"),
        ("Příliš žluťoučký kůň úpěl ďábelské ódy.", "iso8859_2"),
    ],
)
def test_central_european_text_keeps_its_code_page(text: str, code_page: str) -> None:
    assert decode_text(text.encode(code_page))[0] == text


def test_gbk_that_happens_to_be_valid_utf8() -> None:
    # GBK "学习" is the byte string of UTF-8 "ѧϰ".
    assert "学习".encode("gbk").decode("utf-8") == "ѧϰ"
    assert decode_text("学习".encode("gbk"))[:2] == ("学习", "gb18030")


def test_utf8_with_a_stray_byte_is_decoded_with_a_note() -> None:
    text, encoding, notes = decode_text(SIMPLIFIED.encode("utf-8") + b"\xff")
    assert encoding == "utf-8"
    assert text.startswith(SIMPLIFIED)
    assert notes and "replaced" in notes[0]


# --- txt: not text --------------------------------------------------------------------------


def test_nul_bytes_mean_binary(tmp_path: Path) -> None:
    path = tmp_path / "data.txt"
    path.write_bytes(b"header\x00\x01\x02\x03" * 50 + b"\xff\x00\x7f" * 31)
    assert _problem(extract(path)).reason == "Looks like binary data, not text"


def test_random_bytes_are_binary(tmp_path: Path) -> None:
    rng = random.Random(7)
    path = tmp_path / "noise.txt"
    # No NUL bytes, so the decision rests on the decoded content, not the shortcut.
    path.write_bytes(bytes(rng.randrange(1, 256) for _ in range(4096)))
    assert _problem(extract(path)).reason == "Looks like binary data, not text"


def test_png_renamed_to_txt_is_named(tmp_path: Path) -> None:
    path = tmp_path / "picture.txt"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    reason = _problem(extract(path)).reason
    assert reason.startswith("Looks like binary data, not text")
    assert "PNG image" in reason


def test_whitespace_only_text_is_a_problem(tmp_path: Path) -> None:
    path = write_txt(tmp_path / "blank.txt", " \n\t\r\n　\n")
    assert _problem(extract(path)).reason == "No text found in the document"


# --- docx -----------------------------------------------------------------------------------


def test_docx_body_table_header_footer_in_order(tmp_path: Path) -> None:
    path = write_docx(
        tmp_path / "thesis.docx",
        ["第一章 绪论", SIMPLIFIED, ENGLISH],
        table=[["姓名", "Score"], ["张三", "95"]],
        header="某某大学学位论文",
        footer="Page footer",
    )
    doc = _document(extract(path))
    assert doc.format == "docx"
    blocks = doc.text.split("\n\n")
    assert blocks[0] == "某某大学学位论文"
    assert blocks[1:4] == ["第一章 绪论", SIMPLIFIED, ENGLISH]
    assert blocks[4] == "姓名\tScore\n张三\t95"
    assert blocks[-1] == "Page footer"


def test_docx_text_box_once_and_footnote(tmp_path: Path) -> None:
    path = write_docx(
        tmp_path / "boxes.docx",
        ["正文段落。"],
        text_box="文本框里的文字",
        footnote="脚注：引用来源。",
    )
    text = _document(extract(path)).text
    assert text.count("文本框里的文字") == 1
    assert "脚注：引用来源。" in text
    assert text.index("正文段落。") < text.index("文本框里的文字")


def test_docx_nested_table_stays_in_its_cell(tmp_path: Path) -> None:
    import docx

    document = docx.Document()
    outer = document.add_table(rows=1, cols=2)
    outer.cell(0, 0).text = "外层"
    inner = outer.cell(0, 1).add_table(rows=1, cols=2)
    inner.cell(0, 0).text = "内层甲"
    inner.cell(0, 1).text = "内层乙"
    path = tmp_path / "nested.docx"
    document.save(str(path))
    text = _document(extract(path)).text
    assert text.count("内层甲") == 1
    assert text.splitlines()[0].split("\t")[0] == "外层"


def test_docx_without_text_is_a_problem(tmp_path: Path) -> None:
    path = write_docx(tmp_path / "empty.docx", ["", "   "])
    assert _problem(extract(path)).reason == "No text found in the document"


@pytest.mark.parametrize(
    "content",
    [b"this is plain text, not a zip", b"PK\x03\x04 truncated"],
    ids=["not-a-zip", "truncated-zip"],
)
def test_corrupt_docx(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "broken.docx"
    path.write_bytes(content)
    reason = _problem(extract(path)).reason
    assert reason.startswith("Not a valid .docx file (corrupt or not a Word document): ")


def test_docx_cut_in_half(tmp_path: Path) -> None:
    good = write_docx(tmp_path / "good.docx", [SIMPLIFIED] * 5)
    path = tmp_path / "half.docx"
    path.write_bytes(good.read_bytes()[: good.stat().st_size // 2])
    assert _problem(extract(path)).reason.startswith("Not a valid .docx file")


def test_zip_that_is_not_a_word_document(tmp_path: Path) -> None:
    path = tmp_path / "archive.docx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("readme.txt", "hello")
    assert _problem(extract(path)).reason.startswith("Not a valid .docx file")


# --- pdf ------------------------------------------------------------------------------------


@pytest.fixture
def cjk_pdf(tmp_path: Path) -> Path:
    return write_pdf(
        tmp_path / "paper.pdf",
        [SIMPLIFIED, ENGLISH, "第三页：" + SIMPLIFIED[:60]],
    )


@pytest.mark.parametrize("engine", ["pdfium", "pdfminer"])
def test_multi_page_chinese_pdf(cjk_pdf: Path, engine: str) -> None:
    doc = _document(extract(cjk_pdf, pdf_engine=engine))
    assert doc.engine == engine
    assert doc.pages == 3
    assert doc.notes == ()
    assert "\r" not in doc.text
    assert "\f" not in doc.text
    flat = "".join(doc.text.split())
    assert "".join(SIMPLIFIED.split()) in flat
    assert "".join(ENGLISH.split()) in flat
    assert flat.index("自然语言") < flat.index("Near-duplicate") < flat.index("第三页")


def test_pdfium_failure_falls_back_to_pdfminer(tmp_path: Path) -> None:
    good = write_pdf(tmp_path / "good.pdf", [ENGLISH])
    path = tmp_path / "prefixed.pdf"
    # pdfium only looks for the %PDF header in the first kilobyte; pdfminer does not care.
    path.write_bytes(b"JUNK" * 600 + good.read_bytes())
    doc = _document(extract(path))
    assert doc.engine == "pdfminer"
    assert len(doc.notes) == 1
    assert doc.notes[0].startswith("pdfium failed (")
    assert doc.notes[0].endswith("); used pdfminer")
    assert "near-duplicate" in doc.text.lower()


@pytest.mark.parametrize("engine", ["pdfium", "pdfminer"])
def test_encrypted_pdf(tmp_path: Path, engine: str) -> None:
    path = write_pdf(tmp_path / "locked.pdf", [ENGLISH], user_password="secret")
    reason = _problem(extract(path, pdf_engine=engine)).reason
    assert reason == "PDF is encrypted; remove the password and scan again"


def test_owner_password_only_pdf_is_readable(tmp_path: Path) -> None:
    from reportlab.lib.pdfencrypt import StandardEncryption
    from reportlab.pdfgen import canvas

    path = tmp_path / "restricted.pdf"
    pdf = canvas.Canvas(str(path), encrypt=StandardEncryption("", ownerPassword="owner"))
    pdf.drawString(72, 720, "Readable despite restrictions")
    pdf.save()
    for engine in ("pdfium", "pdfminer"):
        assert "Readable despite" in _document(extract(path, pdf_engine=engine)).text


@pytest.mark.parametrize("engine", ["pdfium", "pdfminer"])
def test_scanned_pdf(tmp_path: Path, engine: str) -> None:
    path = write_scanned_pdf(tmp_path / "scan.pdf", pages=3)
    reason = _problem(extract(path, pdf_engine=engine)).reason
    assert reason == "PDF has 3 pages but no text layer (scanned images?); run OCR first"


def test_partly_scanned_pdf_has_a_note(tmp_path: Path) -> None:
    text_pdf = write_pdf(tmp_path / "text.pdf", [ENGLISH, "", ENGLISH])
    doc = _document(extract(text_pdf))
    assert doc.pages == 3
    assert doc.notes == ("1 of 3 pages have no text layer (scanned images?)",)


@pytest.mark.parametrize("engine", ["pdfium", "pdfminer"])
@pytest.mark.parametrize("damage", ["garbage", "truncated", "header-only"], ids=str)
def test_corrupt_pdf(tmp_path: Path, cjk_pdf: Path, engine: str, damage: str) -> None:
    data = cjk_pdf.read_bytes()
    content = {
        "garbage": bytes(random.Random(3).randrange(256) for _ in range(3000)),
        "truncated": data[: len(data) // 2],
        "header-only": b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n",
    }[damage]
    path = tmp_path / "broken.pdf"
    path.write_bytes(content)
    reason = _problem(extract(path, pdf_engine=engine)).reason
    assert reason.startswith("Not a valid PDF file (corrupt or truncated): ")
    assert ".;" not in reason  # each engine's message, ended once: "…error); pdfminer: …"


# --- files that cannot be read at all -------------------------------------------------------


@pytest.mark.parametrize("suffix", [".txt", ".docx", ".pdf"])
def test_empty_file(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"empty{suffix}"
    path.touch()
    assert _problem(extract(path)).reason == "File is empty (0 bytes)"


def test_unsupported_suffix(tmp_path: Path) -> None:
    path = write_txt(tmp_path / "letter.rtf", "{\\rtf1 hello}")
    reason = _problem(extract(path)).reason
    assert reason == "Unsupported file type '.rtf'; NearDup reads .txt, .docx and .pdf"


def test_no_suffix(tmp_path: Path) -> None:
    path = write_txt(tmp_path / "README", ENGLISH)
    assert _problem(extract(path)).reason.startswith("File has no extension")


def test_missing_file(tmp_path: Path) -> None:
    problem = _problem(extract(tmp_path / "gone.pdf"))
    assert problem.reason == "File vanished before it could be read"
    assert problem.path == tmp_path / "gone.pdf"


def test_directory_with_a_supported_suffix(tmp_path: Path) -> None:
    (tmp_path / "folder.txt").mkdir()
    assert _problem(extract(tmp_path / "folder.txt")).reason == "Is a folder, not a file"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_named_pipe_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "pipe.txt"
    os.mkfifo(path)
    assert _problem(extract(path)).reason.startswith("Not a regular file")


@pytest.mark.skipif(
    hasattr(os, "geteuid") and os.geteuid() == 0,
    reason="root can read files without read permission, so the error cannot happen",
)
@pytest.mark.parametrize("suffix", [".txt", ".docx", ".pdf"])
def test_permission_denied(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"private{suffix}"
    path.write_bytes(b"some content")
    path.chmod(0)
    try:
        reason = _problem(extract(path)).reason
    finally:
        path.chmod(0o600)
    assert reason == "Permission denied: cannot read the file; check its permissions"


def test_a_docx_part_unpacking_beyond_the_limit_is_a_problem_not_a_memory_blowup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from neardup.core.extract import docx

    path = tmp_path / "big.docx"
    write_docx(path, ["A paragraph of an ordinary document."] * 50)
    assert isinstance(extract(path), Document)
    size = zipfile.ZipFile(path).getinfo("word/document.xml").file_size
    monkeypatch.setattr(docx, "MAX_PART_BYTES", size - 1)  # as a part of gigabytes would be
    problem = extract(path)
    assert isinstance(problem, Problem) and "Too large to read" in problem.reason
    assert "word/document.xml" in problem.reason


def test_a_folder_is_said_to_be_a_folder_whatever_its_name(tmp_path: Path) -> None:
    for name in ("plain", "looks.txt"):
        folder = tmp_path / name
        folder.mkdir()
        problem = extract(folder)
        assert isinstance(problem, Problem) and problem.reason == "Is a folder, not a file"


def test_a_text_file_beyond_the_limit_is_a_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from neardup.core.extract import txt

    path = tmp_path / "dump.txt"
    path.write_text("an ordinary line of text\\n" * 100, encoding="utf-8")
    assert isinstance(extract(path), Document)
    monkeypatch.setattr(txt, "MAX_TEXT_FILE_BYTES", path.stat().st_size - 1)
    problem = extract(path)
    assert isinstance(problem, Problem) and "Too large to compare" in problem.reason


def test_a_few_nul_markers_in_utf8_text_are_left_out_not_binary(tmp_path: Path) -> None:
    path = tmp_path / "manual.txt"
    body = "Index of the manual: commands, options, files. " * 40
    path.write_bytes(("\x00\x08[index\x00\x08]\n" + body).encode("utf-8"))
    extracted = extract(path)
    assert isinstance(extracted, Document)
    assert "\x00" not in extracted.text and "Index of the manual" in extracted.text
    assert any("2 NUL bytes" in note for note in extracted.notes)


def _with_lying_header(source: Path, target: Path, member: str, claimed: int) -> None:
    """A copy of a .docx whose zip directory claims ``member`` unpacks to ``claimed`` bytes."""
    with zipfile.ZipFile(source) as original:
        info = original.getinfo(member)
        real = info.file_size
    data = bytearray(source.read_bytes())
    # The central directory's uncompressed size follows the member's CRC; patch every
    # record (local header and central directory) that carries the real size.
    needle = real.to_bytes(4, "little")
    for at in [i for i in range(len(data) - 4) if data[i : i + 4] == needle]:
        data[at : at + 4] = claimed.to_bytes(4, "little")
    target.write_bytes(bytes(data))


def test_a_docx_part_whose_header_lies_about_its_size_is_read_no_further_than_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from neardup.core.extract import docx

    honest = tmp_path / "honest.docx"
    write_docx(honest, ["A paragraph that repeats, as a zip bomb's does. " * 20] * 400)
    real = zipfile.ZipFile(honest).getinfo("word/document.xml").file_size
    liar = tmp_path / "liar.docx"
    _with_lying_header(honest, liar, "word/document.xml", 1000)
    monkeypatch.setattr(docx, "MAX_PART_BYTES", real // 4)
    problem = extract(liar)
    assert isinstance(problem, Problem)
    assert "Too large to read" in problem.reason or "Not a valid .docx" in problem.reason


def test_every_format_stops_at_the_same_character_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from neardup.core.extract import base

    paragraph = "A sentence of an ordinary thesis, long enough to count. " * 10
    write_txt(tmp_path / "long.txt", "\n\n".join([paragraph] * 60))
    write_docx(tmp_path / "long.docx", [paragraph] * 60)
    write_pdf(tmp_path / "long.pdf", [paragraph] * 60)
    limit = len(paragraph) * 30  # half of each document
    monkeypatch.setattr(base, "MAX_DOCUMENT_CHARS", limit)
    for name in ("long.txt", "long.docx", "long.pdf"):
        for engine in ("pdfium", "pdfminer"):
            problem = extract(tmp_path / name, pdf_engine=engine)
            assert isinstance(problem, Problem), (name, engine)
            assert problem.reason.startswith("Too long to compare as one document"), name
            assert problem.lasting


def test_a_broken_link_is_called_a_broken_link(tmp_path: Path) -> None:
    link = tmp_path / "thesis.txt"
    link.symlink_to(tmp_path / "moved-away.txt")
    problem = extract(link)
    assert isinstance(problem, Problem)
    assert (
        problem.reason.startswith("Broken link: it points to")
        and "moved-away.txt" in problem.reason
    )
