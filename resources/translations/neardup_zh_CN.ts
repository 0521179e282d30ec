<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CollapsibleSection</name>
    <message>
        <location filename="../../app/neardup/gui/settings/settings_panel.py" line="+93"/>
        <source>Show or hide the advanced options.</source>
        <translation>显示或隐藏高级选项。</translation>
    </message>
</context>
<context>
    <name>Column</name>
    <message>
        <location filename="../../app/neardup/gui/results/documents_model.py" line="+152"/>
        <location filename="../../app/neardup/gui/results/groups_rows.py" line="+15"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+6"/>
        <location filename="../../app/neardup/gui/results/groups_rows.py" line="+1"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Found elsewhere</source>
        <translation>他处可见</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Largest source</source>
        <translation>最大来源</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Tokens</source>
        <translation>词数</translation>
    </message>
    <message>
        <location line="+6"/>
        <location filename="../../app/neardup/gui/results/groups_rows.py" line="+5"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <location filename="../../app/neardup/gui/results/groups_rows.py" line="-4"/>
        <location filename="../../app/neardup/gui/results/pairs_model.py" line="+130"/>
        <source>Distance</source>
        <translation>距离</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Overlap</source>
        <translation>重合比例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../../app/neardup/gui/results/documents_model.py" line="+7"/>
        <location filename="../../app/neardup/gui/results/groups_rows.py" line="+1"/>
        <source>Modified</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <location filename="../../app/neardup/gui/results/groups_rows.py" line="+2"/>
        <location filename="../../app/neardup/gui/results/pairs_model.py" line="-2"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../app/neardup/gui/results/pairs_model.py" line="-11"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Overlap A→B</source>
        <translation>重合 A→B</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Overlap B→A</source>
        <translation>重合 B→A</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Common text</source>
        <translation>公共文本</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Modified A</source>
        <translation>A 修改时间</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Modified B</source>
        <translation>B 修改时间</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <location filename="../../app/neardup/gui/results/models.py" line="+219"/>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <location filename="../../app/neardup/gui/compare/compare_dialog.py" line="+71"/>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>deleted from A</source>
        <translation>从 A 中删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>inserted in B</source>
        <translation>在 B 中插入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>changed</source>
        <translation>改动</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Compare: {name} ↔ {name2}</source>
        <translation>比较：{name} ↔ {name2}</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Reading and comparing the two documents…</source>
        <translation>正在读取并比较两篇文档…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Edits, word by word</source>
        <translation>逐词显示修改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copied passages</source>
        <translation>抄袭段落</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edits: the common text plain, the words inserted, deleted or changed marked (for an edited copy). Copied passages: each passage found in both texts in its own colour (for a partial copy).</source>
        <translation>修改：相同的文本不做标记，插入、删除或改动的词加以标出（适用于改写过的副本）。抄袭段落：两篇文本中共有的每个段落用各自的颜色标出（适用于部分抄袭）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Scroll together</source>
        <translation>同步滚动</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scrolling one text scrolls the other to the same place.</source>
        <translation>滚动一篇文本时，另一篇滚动到相同位置。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Warning: {notes} (scan again for figures that match)</source>
        <translation>警告：{notes}（请重新扫描以得到相符的数据）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot compare: {reasons}</source>
        <translation>无法比较：{reasons}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not compared: see the reason above.</source>
        <translation>未比较：原因见上方。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Shown as compared (normalised): {names}</source>
        <translation>按比较时的规范化文本显示：{names}</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Comparison failed: {error}</source>
        <translation>比较失败：{error}</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Each copied passage has its own colour, the same in A and B.</source>
        <translation>每个抄袭段落有各自的颜色，在 A 和 B 中相同。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No changes</source>
        <translation>没有改动</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No passages</source>
        <translation>没有段落</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 change</source>
        <translation>1 处改动</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>1 passage</source>
        <translation>1 个段落</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{count} changes</source>
        <translation>{count} 处改动</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{count} passages</source>
        <translation>{count} 个段落</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Passage {n}</source>
        <translation>段落 {n}</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Previous change</source>
        <translation>上一处改动</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Next change</source>
        <translation>下一处改动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the previous change in both texts ({previous_keys}).</source>
        <translation>在两篇文本中显示上一处改动（{previous_keys}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the next change in both texts ({next_keys}).</source>
        <translation>在两篇文本中显示下一处改动（{next_keys}）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Previous passage</source>
        <translation>上一个段落</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Next passage</source>
        <translation>下一个段落</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the previous passage in both texts ({previous_keys}).</source>
        <translation>在两篇文本中显示上一个段落（{previous_keys}）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the next passage in both texts ({next_keys}).</source>
        <translation>在两篇文本中显示下一个段落（{next_keys}）。</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Change {n} of {count}</source>
        <translation>第 {n} 处改动，共 {count} 处</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Passage {n} of {count}</source>
        <translation>第 {n} 个段落，共 {count} 个</translation>
    </message>
</context>
<context>
    <name>CompareFigures</name>
    <message>
        <location filename="../../app/neardup/gui/compare/compare_figures.py" line="+38"/>
        <source>{count} matched passage</source>
        <translation>{count} 个匹配段落</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} matched passages</source>
        <translation>{count} 个匹配段落</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>no word changed</source>
        <translation>没有词语改动</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{count} change</source>
        <translation>{count} 处改动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} changes</source>
        <translation>{count} 处改动</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{count} word</source>
        <translation>{count} 个词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} words</source>
        <translation>{count} 个词</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{changes}, {words}: {inserted} inserted, {deleted} deleted, {changed} changed</source>
        <translation>{changes}，涉及 {words}：插入 {inserted} 个，删除 {deleted} 个，改动 {changed} 个</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A→B: {a} of A found in B · B→A: {b} of B found in A</source>
        <translation>A→B：A 的 {a} 出现在 B 中 · B→A：B 的 {b} 出现在 A 中</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{shares} (measured here: the scan did not measure overlaps)</source>
        <translation>{shares}（在此测量：扫描时未测量重合比例）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{passages} (measured here)</source>
        <translation>{passages}（在此测量）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pair</source>
        <translation>文档对</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hamming distance {distance}</source>
        <translation>汉明距离 {distance}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>similarity {similarity}</source>
        <translation>相似度 {similarity}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{figures} — the scan&apos;s figures, as in the Pairs tab</source>
        <translation>{figures} — 扫描得出的数值，与“文档对”标签页相同</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No copy found</source>
        <translation>未发现复制</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{kind} · not a pair of the last scan; measured for these two files alone: Hamming distance {distance} · similarity {similarity} (their words weighed without a collection, so a scan that holds them can give other figures) · {shares} · {passages}</source>
        <translation>{kind} · 不是上次扫描中的文档对；仅针对这两个文件测量：汉明距离 {distance} · 相似度 {similarity}（词语权重未参照整个文档集计算，因此包含它们的扫描可能给出不同的数值） · {shares} · {passages}</translation>
    </message>
</context>
<context>
    <name>CompareLauncher</name>
    <message>
        <location filename="../../app/neardup/gui/compare/compare_launcher.py" line="+18"/>
        <source>Documents (*.txt *.docx *.pdf);;All files (*)</source>
        <translation>文档 (*.txt *.docx *.pdf);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>&amp;Compare two files…</source>
        <translation>比较两个文件(&amp;C)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose two documents and show what one copies from or changes in the other.</source>
        <translation>选择两篇文档，显示其中一篇抄袭或改动了另一篇的哪些内容。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Compare: choose the first file (A)</source>
        <translation>比较：选择第一个文件（A）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Compare: choose the second file (B)</source>
        <translation>比较：选择第二个文件（B）</translation>
    </message>
</context>
<context>
    <name>DocumentsModel</name>
    <message>
        <location filename="../../app/neardup/gui/results/documents_model.py" line="-174"/>
        <source>Scan</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reference library</source>
        <translation>参考库</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Not measured: the document is too short to compare (see Tokens), or the scan was cancelled, ran without partial-copy detection, or was saved by an older NearDup.</source>
        <translation>未测量：文档太短无法比较（见“词数”），或扫描已取消、未启用部分抄袭检测，或报告由旧版 NearDup 保存。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>{share} of this document&apos;s text is found in other documents (all sources together, each passage counted once)</source>
        <translation>本文档有 {share} 的文本出现在其他文档中（合计所有来源，每个段落只计一次）</translation>
    </message>
    <message>
        <location line="+25"/>
        <location line="+15"/>
        <source>Not found in another document</source>
        <translation>未在其他文档中找到</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>{share} of this document is found in {path}</source>
        <translation>本文档有 {share} 出现在 {path} 中</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>… and {count} more (see the Pairs tab)</source>
        <translation>… 另有 {count} 个（见“文档对”标签页）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Share of this document found in each source:</source>
        <translation>本文档出现在各来源中的比例：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Reference library: compared with scanned documents, never with each other</source>
        <translation>参考库：只与被扫描的文档比较，参考库文档之间不互相比较</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Scanned: compared with every other document</source>
        <translation>被扫描：与所有其他文档比较</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Hides {count} characters of text from its reader (hidden, white or tiny runs), a known way to defeat plagiarism checkers; they were left out.</source>
        <translation>对读者隐藏了 {count} 个字符的文本（隐藏、白色或极小的文字），这是一种已知的规避查重的手段；这些字符未参与比较。</translation>
    </message>
</context>
<context>
    <name>DocumentsPage</name>
    <message>
        <location filename="../../app/neardup/gui/results/documents_page.py" line="+68"/>
        <source>Double-click a document to compare it with its largest source; right-click for its other sources.</source>
        <translation>双击文档，与其最大的来源并排比较；右键单击查看其他来源。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Filter by name or folder…</source>
        <translation>按名称或文件夹筛选…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show only documents whose path contains this text.</source>
        <translation>只显示路径包含此文本的文档。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Show only documents with at least this share of their text found elsewhere.</source>
        <translation>只显示至少有这一比例的文本在他处出现的文档。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Show reference library</source>
        <translation>显示参考库</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Also list the reference-library documents, with how much of each the scanned documents contain.</source>
        <translation>同时列出参考库中的文档，以及被扫描文档包含了其中多少内容。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Found elsewhere:</source>
        <translation>他处可见：</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>This report does not say where {name} is found; see the Pairs tab.</source>
        <translation>此报告没有说明 {name} 出现在哪里；请查看“文档对”标签页。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No text of {name} was found in another document.</source>
        <translation>{name} 的文本未在其他文档中找到。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The report has no pair of {name} and {name2} to compare.</source>
        <translation>报告中没有 {name} 与 {name2} 这一对，无法比较。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Compare with {name} ({overlap})</source>
        <translation>与 {name} 比较（{overlap}）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{hidden} more sources: see the Pairs tab</source>
        <translation>另有 {hidden} 个来源：见“文档对”标签页</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save sources page…</source>
        <translation>保存来源页面…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A web page of this document&apos;s text with each source&apos;s passages highlighted.</source>
        <translation>一个网页：本文档的全文，每个来源的段落以高亮标出。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export report (PDF)…</source>
        <translation>导出报告 (PDF)…</translation>
    </message>
</context>
<context>
    <name>DropHandling</name>
    <message>
        <location filename="../../app/neardup/gui/window_parts.py" line="+69"/>
        <source>NearDup cannot use {names}: drop folders, documents (.txt, .docx, .pdf) or a NearDup report (.json).</source>
        <translation>NearDup 无法使用 {names}：请拖入文件夹、文档（.txt、.docx、.pdf）或 NearDup 报告（.json）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Added to scan: {names}. Press Scan (F5).</source>
        <translation>已加入扫描：{names}。请点击“扫描”（F5）。</translation>
    </message>
</context>
<context>
    <name>DropHint</name>
    <message>
        <location filename="../../app/neardup/gui/results/drop_hint.py" line="+18"/>
        <source>Drop folders or files here, or choose Add folder</source>
        <translation>将文件夹或文件拖到这里，或选择“添加文件夹”</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Folders and documents (.txt, .docx, .pdf) are added to scan; a NearDup report (.json) opens.</source>
        <translation>文件夹和文档（.txt、.docx、.pdf）会加入扫描；NearDup 报告（.json）会被打开。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
</context>
<context>
    <name>ErrorText</name>
    <message>
        <location filename="../../app/neardup/gui/error_text.py" line="+18"/>
        <source>Cannot read the report {path}: {reason}</source>
        <translation>无法读取报告 {path}：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} is not a NearDup report: it is not a text file. Open a .json report that NearDup saved.</source>
        <translation>{path} 不是 NearDup 报告：它不是文本文件。请打开 NearDup 保存的 .json 报告。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{path} is not a NearDup report: it is not JSON. Open a .json report that NearDup saved.</source>
        <translation>{path} 不是 NearDup 报告：它不是 JSON。请打开 NearDup 保存的 .json 报告。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path} is not a NearDup scan report, or it is damaged. Open a .json report that NearDup saved, or scan again.</source>
        <translation>{path} 不是 NearDup 扫描报告，或已损坏。请打开 NearDup 保存的 .json 报告，或重新扫描。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{path} is not among the documents of this report.</source>
        <translation>{path} 不在此报告的文档之中。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cannot read {path}: {reason}</source>
        <translation>无法读取 {path}：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} has changed since the scan; scan again to report on it.</source>
        <translation>{path} 在扫描后已改动；请重新扫描后再生成报告。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} could not be read by the scan: {reason}</source>
        <translation>扫描时未能读取 {path}：{reason}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} does not read as it did in the scan (another NearDup version or settings?); scan again to report on it.</source>
        <translation>{path} 读出的文本与扫描时不同（NearDup 版本或设置不同？）；请重新扫描后再生成报告。</translation>
    </message>
</context>
<context>
    <name>FileState</name>
    <message>
        <location filename="../../app/neardup/gui/file_state.py" line="+15"/>
        <source>no longer there</source>
        <translation>已不存在</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>changed since the scan</source>
        <translation>扫描后已改动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{denied}: cannot read its details</source>
        <translation>{denied}：无法读取其信息</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cannot read its details ({error})</source>
        <translation>无法读取其信息（{error}）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{gone} as a regular file</source>
        <translation>{gone}（不再是普通文件）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{changed}: its size is now {now}, was {was}</source>
        <translation>{changed}：大小现在为 {now}，原为 {was}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{changed}: modified at {time}</source>
        <translation>{changed}：修改于 {time}</translation>
    </message>
</context>
<context>
    <name>FoldersPanel</name>
    <message>
        <location filename="../../app/neardup/gui/settings/folders_panel.py" line="+30"/>
        <source>Scan</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reference library</source>
        <translation>参考库</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved library</source>
        <translation>已保存的文献库</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Folders</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Folders to scan; a reference library is compared with the scanned folders only.</source>
        <translation>要扫描的文件夹；参考库只与被扫描的文件夹进行比较。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a folder of documents to scan (Ctrl+O).</source>
        <translation>添加一个要扫描的文档文件夹（Ctrl+O）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the selected folders from the list.</source>
        <translation>从列表中移除选中的文件夹。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Read {suffix} files found in the folders.</source>
        <translation>读取文件夹中的 {suffix} 文件。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>e.g. *~draft*; */old/*</source>
        <translation>例如 *~draft*; */old/*</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Glob patterns, separated by semicolons, for files or paths to leave out.</source>
        <translation>要排除的文件或路径的通配符模式，以分号分隔。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>e.g. *thesis*; */2024/*</source>
        <translation>例如 *thesis*; */2024/*</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Glob patterns, separated by semicolons: read only files or paths matching one of them (empty: every file of the chosen types).</source>
        <translation>通配符模式，以分号分隔：只读取与其中之一匹配的文件或路径（留空：读取所选类型的所有文件）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Hidden files and folders too</source>
        <translation>也读取隐藏的文件和文件夹</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Also read files and folders whose names start with a dot, which the folders hide (settings, backups, a program&apos;s own copies).</source>
        <translation>也读取名称以点开头、在文件夹中被隐藏的文件和文件夹（设置、备份、程序自己的副本）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>File types:</source>
        <translation>文件类型：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Include:</source>
        <translation>包含：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exclude:</source>
        <translation>排除：</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Add folder</source>
        <translation>添加文件夹</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Scan: compared with everything. Reference library: a folder of documents compared only with the scanned ones. Saved library: a library made with “neardup library add”, checked against without reading its files again; it finds text copied in runs of about 160 Chinese characters or 30 English words and more (a reference library folder finds shorter ones too).</source>
        <translation>扫描：与所有文档比较。参考文献库：一个文档文件夹，只与被扫描的文档比较。已保存的文献库：用“neardup library add”建立的文献库，比对时不再读取其中的文件；它能找到连续约 160 个汉字或 30 个英文单词以上的复制文本（参考文献库文件夹也能找到更短的）。</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Choose one saved library: a scan checks against one at a time.</source>
        <translation>请只选择一个已保存的文献库：每次扫描只与一个文献库比对。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A saved library cannot be combined with reference-library folders yet: add those folders to the library (neardup library add), or scan without it.</source>
        <translation>已保存的文献库暂时不能与参考文献库文件夹同时使用：请把这些文件夹加入文献库（neardup library add），或不使用该文献库进行扫描。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{folder} is not a saved library: make one with “neardup library add LIBRARY FILES…”, or give the folder the role Reference library.</source>
        <translation>{folder} 不是已保存的文献库：请用“neardup library add 文献库 文件…”建立一个，或把该文件夹的角色设为参考文献库。</translation>
    </message>
</context>
<context>
    <name>GroupsModel</name>
    <message>
        <location filename="../../app/neardup/gui/results/groups_model.py" line="+334"/>
        <source>Reference (the one to keep): {path}</source>
        <translation>基准文件（保留的那一份）：{path}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Moved to {folder} (Edit → Undo puts it back): {path}</source>
        <translation>已移到 {folder}（编辑 → 撤销 可放回）：{path}</translation>
    </message>
    <message>
        <location filename="../../app/neardup/gui/results/groups_rows.py" line="+4"/>
        <source>Duplicate: the same text as the reference, in another format; tidying moves it only as it moves an edited version, when ticked.</source>
        <translation>完全重复：与参考文档文本相同，但格式不同；整理时只有勾选后才会像改写版本一样被移走。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Duplicate: the same text as the reference, an exact copy.</source>
        <translation>完全重复：与基准文件文本相同，是完全一样的副本。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Near-duplicate: an edited version of the reference, not an exact copy.</source>
        <translation>近似重复：基准文件的改写版本，不是完全一样的副本。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Some members are exact copies of the reference, some are edited versions.</source>
        <translation>部分成员是基准文件完全一样的副本，部分是改写版本。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>reference</source>
        <translation>基准文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>library</source>
        <translation>参考库</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>in Trash</source>
        <translation>在回收站中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>moved to</source>
        <translation>已移到</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>{count} file</source>
        <translation>{count} 个文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} files</source>
        <translation>{count} 个文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{count} marked</source>
        <translation>已标记 {count} 个</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Group {id}: {name} ({counts})</source>
        <translation>分组 {id}：{name}（{counts}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <location filename="../../app/neardup/gui/help_menu.py" line="+112"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;How to read the results</source>
        <translation>如何解读结果(&amp;H)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What duplicate, near-duplicate and partial mean, the two percentages, and k.</source>
        <translation>完全重复、近似重复和部分抄袭的含义，两个比例，以及 k。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;About NearDup</source>
        <translation>关于 NearDup(&amp;A)</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>About NearDup</source>
        <translation>关于 NearDup</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NearDup {version}</source>
        <translation>NearDup {version}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Finds near-duplicate and partly copied documents (.txt, .docx, .pdf), in Chinese and English.</source>
        <translation>查找近似重复和部分抄袭的文档（.txt、.docx、.pdf），支持中文和英文。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Free software under the {licence} licence.</source>
        <translation>自由软件，以 {licence} 许可证发布。</translation>
    </message>
</context>
<context>
    <name>IgnoreController</name>
    <message>
        <location filename="../../app/neardup/gui/tidy/ignore_controller.py" line="+23"/>
        <source>Ignore this pair</source>
        <translation>忽略这一对</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ignore this group</source>
        <translation>忽略此分组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop ignoring this pair</source>
        <translation>不再忽略这一对</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop ignoring this group</source>
        <translation>不再忽略此分组</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Show &amp;ignored pairs and groups</source>
        <translation>显示已忽略的文档对和分组(&amp;I)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show what you chose to ignore, greyed and tagged, so that you can stop ignoring it.</source>
        <translation>以灰色和标签显示你选择忽略的内容，以便取消忽略。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Ignoring is off: {error}</source>
        <translation>忽略功能已关闭：{error}</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>Hide this group, now and in later scans of these files.</source>
        <translation>隐藏此分组，现在以及以后扫描这些文件时都不再显示。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Hide this file and its reference as a pair, now and later.</source>
        <translation>隐藏此文件与其基准文件这一对，现在和以后都不再显示。</translation>
    </message>
</context>
<context>
    <name>Kind</name>
    <message>
        <location filename="../../app/neardup/gui/formatting.py" line="+15"/>
        <source>duplicate</source>
        <translation>完全重复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>near-duplicate</source>
        <translation>近似重复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>partial</source>
        <translation>部分抄袭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mixed</source>
        <translation>混合</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <location filename="../../app/neardup/gui/language_menu.py" line="+20"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The language of NearDup&apos;s windows; it applies at the next start.</source>
        <translation>NearDup 窗口使用的语言；下次启动时生效。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The new language applies when NearDup starts again.</source>
        <translation>新的界面语言将在 NearDup 重新启动后生效。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/neardup/gui/main_window.py" line="+86"/>
        <source>&amp;Add folder…</source>
        <translation>添加文件夹(&amp;A)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add a folder of documents to scan.</source>
        <translation>添加一个要扫描的文档文件夹。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Quit NearDup.</source>
        <translation>退出 NearDup。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+24"/>
        <source>&amp;Scan</source>
        <translation>扫描(&amp;S)</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>Scan the folders with these settings.</source>
        <translation>按这些设置扫描文件夹。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Cancel scan</source>
        <translation>取消扫描(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop the scan and keep what was finished.</source>
        <translation>停止扫描，保留已完成的部分。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Scan</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scan the folders with these settings (F5).</source>
        <translation>按这些设置扫描文件夹（F5）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the scan and keep what was finished (Esc).</source>
        <translation>停止扫描，保留已完成的部分（Esc）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+214"/>
        <location line="+3"/>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <location line="-163"/>
        <source>{app} — Unsaved scan</source>
        <translation>{app} — 未保存的扫描</translation>
    </message>
    <message>
        <location line="+36"/>
        <location line="+9"/>
        <source>Nothing to scan</source>
        <translation>没有可扫描的内容</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Add a folder with the role Scan first.</source>
        <translation>请先添加一个角色为“扫描”的文件夹。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Invalid settings</source>
        <translation>设置无效</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tick at least one file type.</source>
        <translation>请至少勾选一种文件类型。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot scan</source>
        <translation>无法扫描</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save the results before scanning again?</source>
        <translation>重新扫描前要保存结果吗？</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{count} file not scanned</source>
        <translation>{count} 个文件未扫描</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} files not scanned</source>
        <translation>{count} 个文件未扫描</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scan cancelled: showing the files finished so far; {not_read}.</source>
        <translation>扫描已取消：显示目前已完成的文件；{not_read}。</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Save the results before opening {name}?</source>
        <translation>打开 {name} 前要保存结果吗？</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Cannot use what was dropped</source>
        <translation>无法使用拖入的内容</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save the results before closing?</source>
        <translation>关闭前要保存结果吗？</translation>
    </message>
    <message>
        <location line="-96"/>
        <source>Scan finished.</source>
        <translation>扫描完成。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+5"/>
        <source>Scan failed</source>
        <translation>扫描失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Opening {name}…</source>
        <translation>正在打开 {name}…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cannot open report</source>
        <translation>无法打开报告</translation>
    </message>
</context>
<context>
    <name>MarkActions</name>
    <message>
        <location filename="../../app/neardup/gui/tidy/mark_actions.py" line="+19"/>
        <source>Mark all but the kept copy</source>
        <translation>标记除保留副本外的所有文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark exact duplicates only</source>
        <translation>只标记完全重复的文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the oldest, mark the others</source>
        <translation>保留最早的，标记其他</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the newest, mark the others</source>
        <translation>保留最新的，标记其他</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the largest, mark the others</source>
        <translation>保留最大的，标记其他</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep the one in a folder…, mark the others</source>
        <translation>保留某文件夹中的那份…，标记其他</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear marks</source>
        <translation>清除标记</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mark every file of every group but the copy each group keeps.</source>
        <translation>标记每个分组中除保留副本外的所有文件。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Mark only the exact copies of each kept file, never edited versions.</source>
        <translation>只标记每个保留文件完全一样的副本，不标记改写版本。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>In each group keep the oldest file and mark the others.</source>
        <translation>每个分组保留最早的文件，标记其他文件。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>In each group keep the newest file and mark the others.</source>
        <translation>每个分组保留最新的文件，标记其他文件。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>In each group keep the largest file and mark the others.</source>
        <translation>每个分组保留最大的文件，标记其他文件。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>In each group with a copy in the folder you choose, keep that copy and mark the others.</source>
        <translation>在所选文件夹中有副本的每个分组里，保留该副本，标记其他文件。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unmark every file.</source>
        <translation>取消所有文件的标记。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&amp;Marks</source>
        <translation>标记(&amp;M)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Keep the copies in this folder</source>
        <translation>保留此文件夹中的副本</translation>
    </message>
</context>
<context>
    <name>PairsModel</name>
    <message>
        <location filename="../../app/neardup/gui/results/pairs_model.py" line="-118"/>
        <source>Not measured: partial-copy detection was off, or the scan was cancelled before it.</source>
        <translation>未测量：未启用部分抄袭检测，或扫描在此之前已取消。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Share of A&apos;s text found in B</source>
        <translation>A 的文本出现在 B 中的比例</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Share of B&apos;s text found in A</source>
        <translation>B 的文本出现在 A 中的比例</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>in {count} documents</source>
        <translation>见于 {count} 篇文档</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Some of the text this pair shares is held by {count} scanned documents: a template, a licence, or a source many copied. It still counts; scan with --exclude-common to leave such text out.</source>
        <translation>这一对共有的部分文本见于 {count} 篇被扫描的文档：可能是模板、许可声明，或许多人抄袭的同一来源。它仍然计入；扫描时使用 --exclude-common 可排除这类文本。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The text this pair shares is found in these two documents only</source>
        <translation>这一对共有的文本只见于这两篇文档</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Confirmed</source>
        <translation>已确认</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Dismissed</source>
        <translation>已排除</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Not reviewed: right-click to confirm or dismiss</source>
        <translation>未审阅：右键单击可确认或排除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No note</source>
        <translation>无备注</translation>
    </message>
</context>
<context>
    <name>PdfReportExporter</name>
    <message>
        <location filename="../../app/neardup/gui/compare/pdf_reports.py" line="+52"/>
        <source>Export report (PDF)…</source>
        <translation>导出报告 (PDF)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A printable similarity report of each selected document: both figures, its sources, and its text with their passages highlighted.</source>
        <translation>为每个选中的文档生成可打印的相似度报告：两个比例、它的来源，以及标出各段匹配内容的全文。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Select the documents to report on first.</source>
        <translation>请先选择要生成报告的文档。</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+49"/>
        <location line="+57"/>
        <source>Export report (PDF)</source>
        <translation>导出报告 (PDF)</translation>
    </message>
    <message>
        <location line="-106"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Folder for {0} PDF reports</source>
        <translation>存放 {0} 份 PDF 报告的文件夹</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>PDF reports are being written; wait for them.</source>
        <translation>正在写入 PDF 报告，请等待完成。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Writing PDF reports…</source>
        <translation>正在写入 PDF 报告…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Writing the report of {0}…</source>
        <translation>正在写入 {0} 的报告…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{0} PDF reports and summary.csv written to {1}</source>
        <translation>已将 {0} 份 PDF 报告和 summary.csv 写入 {1}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (cancelled: the others were not written)</source>
        <translation>（已取消：其余报告未写入）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved {0}</source>
        <translation>已保存 {0}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{0} documents could not be reported:</source>
        <translation>{0} 个文档无法生成报告：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot export the PDF report</source>
        <translation>无法导出 PDF 报告</translation>
    </message>
</context>
<context>
    <name>ProblemReason</name>
    <message>
        <location filename="../../app/neardup/gui/problem_text.py" line="+19"/>
        <source>Is a folder, not a file</source>
        <translation>这是文件夹，不是文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>File has no extension; NearDup reads .txt, .docx and .pdf</source>
        <translation>文件没有扩展名；NearDup 可读取 .txt、.docx 和 .pdf 文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unsupported file type &apos;{suffix}&apos;; NearDup reads .txt, .docx and .pdf</source>
        <translation>不支持的文件类型“{suffix}”；NearDup 可读取 .txt、.docx 和 .pdf 文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not a regular file (device, pipe or socket); skipped</source>
        <translation>不是普通文件（设备、管道或套接字）；已跳过</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>File is empty (0 bytes)</source>
        <translation>文件为空（0 字节）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No text found in the document</source>
        <translation>文档中没有找到文本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Too long to compare as one document: more than {millions} million characters of text (a book of 1,000 pages has about 2 million); split it, or leave it out with --exclude</source>
        <translation>文本太长，无法作为一篇文档比较：超过 {millions} 百万字符（一本 1000 页的书约 200 万字符）；请拆分文件，或用排除模式将其排除</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Broken link: it points to {target}, which does not exist</source>
        <translation>链接已失效：它指向 {target}，但该文件不存在</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>File vanished before it could be read</source>
        <translation>文件在读取之前已不存在</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Permission denied: cannot read the file; check its permissions</source>
        <translation>权限不足：无法读取文件；请检查文件权限</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Could not read the file: {detail}</source>
        <translation>无法读取文件：{detail}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot open folder: {detail}</source>
        <translation>无法打开文件夹：{detail}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No such file or folder</source>
        <translation>文件或文件夹不存在</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not read: the scan was cancelled before this file</source>
        <translation>未读取：扫描在读到此文件之前已取消</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The file changed while it was being read; scan again to include it</source>
        <translation>文件在读取过程中发生了变化；请重新扫描以包含它</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Could not analyse the text: {detail}</source>
        <translation>无法分析文本：{detail}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Too large to compare as one document ({size} MB; the limit is {limit} MB): split it, or leave it out with --exclude</source>
        <translation>文件太大，无法作为一篇文档比较（{size} MB；上限为 {limit} MB）：请拆分文件，或用排除模式将其排除</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Looks like binary data, not text</source>
        <translation>看起来是二进制数据，不是文本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Looks like binary data, not text (it looks like {kind}; fix its extension)</source>
        <translation>看起来是二进制数据，不是文本（像是 {kind}；请改正其扩展名）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Could not work out the text encoding; save the file as UTF-8 and scan again</source>
        <translation>无法识别文本编码；请将文件另存为 UTF-8 后重新扫描</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not a valid .docx file (corrupt or not a Word document): {detail}</source>
        <translation>不是有效的 .docx 文件（已损坏或不是 Word 文档）：{detail}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Too large to read: its part {part} unpacks to more than {limit} MB; save it again from Word, or as .txt or .pdf</source>
        <translation>文件太大，无法读取：其中的 {part} 解压后超过 {limit} MB；请用 Word 重新保存，或另存为 .txt 或 .pdf</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not a valid PDF file (corrupt or truncated): {detail}</source>
        <translation>不是有效的 PDF 文件（已损坏或不完整）：{detail}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PDF is encrypted; remove the password and scan again</source>
        <translation>PDF 已加密；请去除密码后重新扫描</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PDF is protected by an unsupported security handler; remove the protection and scan again</source>
        <translation>PDF 使用了不受支持的安全保护；请去除保护后重新扫描</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PDF has no pages</source>
        <translation>PDF 没有页面</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PDF has {pages} {page_word} but no text layer (scanned images?); run OCR first</source>
        <translation>PDF 有 {pages} 页，但没有文字层（扫描图像？）；请先进行 OCR 识别</translation>
    </message>
</context>
<context>
    <name>Progress</name>
    <message>
        <location filename="../../app/neardup/gui/formatting.py" line="+3"/>
        <source>Finding files</source>
        <translation>查找文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reading</source>
        <translation>读取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Looking up in the library</source>
        <translation>在文献库中查找</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fingerprinting</source>
        <translation>计算指纹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Matching</source>
        <translation>匹配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Finding passages</source>
        <translation>查找段落</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>about {seconds} s left</source>
        <translation>约剩 {seconds} 秒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>about {minutes} min left</source>
        <translation>约剩 {minutes} 分钟</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Step {step} of {steps}: {stage}</source>
        <translation>第 {step} 步（共 {steps} 步）：{stage}</translation>
    </message>
</context>
<context>
    <name>RecentReportsMenu</name>
    <message>
        <location filename="../../app/neardup/gui/recent_reports.py" line="+35"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>&amp;{number} {name}  ({folder})</source>
        <translation>&amp;{number} {name}  （{folder}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;{number} {name}  ({folder}): not found</source>
        <translation>&amp;{number} {name}  （{folder}）：找不到</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No longer there: {path}</source>
        <translation>已不存在：{path}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No recent reports</source>
        <translation>没有最近的报告</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Clear list</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Report not found</source>
        <translation>找不到报告</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path} is no longer there. It was taken off the list of recent reports.</source>
        <translation>{path} 已不存在，已从最近报告列表中移除。</translation>
    </message>
</context>
<context>
    <name>ReportFiles</name>
    <message>
        <location filename="../../app/neardup/gui/report_files.py" line="+53"/>
        <source>&amp;Open report…</source>
        <translation>打开报告(&amp;O)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a saved JSON scan report.</source>
        <translation>打开已保存的 JSON 扫描报告。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Save report…</source>
        <translation>保存报告(&amp;S)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the results as a JSON report.</source>
        <translation>将结果保存为 JSON 报告。</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Unsaved results</source>
        <translation>结果未保存</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The results of the last scan are not saved in a report file.</source>
        <translation>上次扫描的结果尚未保存到报告文件中。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Open report</source>
        <translation>打开报告</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+14"/>
        <source>NearDup reports (*.json)</source>
        <translation>NearDup 报告 (*.json)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Save report</source>
        <translation>保存报告</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot save report</source>
        <translation>无法保存报告</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
</context>
<context>
    <name>ResultTables</name>
    <message>
        <location filename="../../app/neardup/gui/results/models.py" line="-155"/>
        <source>In the Trash (Edit → Undo puts it back): {path}</source>
        <translation>在回收站中（编辑 → 撤销 可放回）：{path}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Moved to {now_at} (Edit → Undo puts it back): {path}</source>
        <translation>已移到 {now_at}（编辑 → 撤销 可放回）：{path}</translation>
    </message>
</context>
<context>
    <name>ResultsGuide</name>
    <message>
        <location filename="../../app/neardup/gui/help_menu.py" line="-123"/>
        <source>How to read the results</source>
        <translation>如何解读结果</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Kinds of pair</source>
        <translation>文档对的类型</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;Duplicate&lt;/b&gt;: the same text, an exact copy. The files may still differ in format or layout (line breaks, spacing).</source>
        <translation>&lt;b&gt;完全重复&lt;/b&gt;：文本相同，是完全一样的副本。文件的格式或版式（换行、空格）仍可能不同。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;Near-duplicate&lt;/b&gt;: an edited version. At least half of each text is found in the other, with words changed, added or removed.</source>
        <translation>&lt;b&gt;近似重复&lt;/b&gt;：改写过的版本。两篇文本各自至少有一半出现在另一篇中，其余词语有改动、增加或删除。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;Partial&lt;/b&gt;: one document contains passages of the other (a copied chapter, a long quotation), but the two are different documents.</source>
        <translation>&lt;b&gt;部分抄袭&lt;/b&gt;：一篇文档包含另一篇的段落（抄来的一章、一段长引文），但两者是不同的文档。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The two percentages</source>
        <translation>两个比例</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;Overlap A→B&lt;/b&gt; is the share of A&apos;s text found in B; &lt;b&gt;Overlap B→A&lt;/b&gt; the share of B&apos;s text found in A. They differ when the texts differ in length: a chapter copied whole into a thesis is 100% of the chapter but perhaps 10% of the thesis.</source>
        <translation>&lt;b&gt;重合 A→B&lt;/b&gt; 是 A 的文本出现在 B 中的比例；&lt;b&gt;重合 B→A&lt;/b&gt; 是 B 的文本出现在 A 中的比例。两篇文本长度不同时，这两个比例也不同：整章抄进论文的一章，占这一章的 100%，却可能只占论文的 10%。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>In the Documents tab, &lt;b&gt;Found elsewhere&lt;/b&gt; is the share of a document&apos;s text found in any other document, each passage counted once. A blank share was not measured (the scan was cancelled, partial-copy detection was off, or the document is too short to compare); it is not 0%.</source>
        <translation>在“文档”标签页中，&lt;b&gt;他处可见&lt;/b&gt;是一篇文档的文本出现在任何其他文档中的比例，每个段落只计一次。空白表示未测量（扫描已取消、未启用部分抄袭检测，或文档太短无法比较），并不是 0%。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The threshold k</source>
        <translation>阈值 k</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every document gets a fingerprint of 64 bits made from its words. The &lt;b&gt;distance&lt;/b&gt; of two documents counts the bits in which their fingerprints differ: 0 for the same words, about 32 for unrelated texts.</source>
        <translation>每篇文档都有一个由其词语生成的 64 位指纹。两篇文档的&lt;b&gt;距离&lt;/b&gt;是它们指纹中不同的位数：词语相同时为 0，不相关的文本约为 32。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Pairs of documents at a distance of at most &lt;b&gt;k&lt;/b&gt; are checked as near-duplicates. A larger k finds more heavily edited copies, and more pairs that turn out to be different; 3 suits most collections. After a scan, the chart under the slider shows how many pairs each k gives.</source>
        <translation>距离不超过 &lt;b&gt;k&lt;/b&gt; 的文档对会作为近似重复进行核查。k 越大，能找到改动越多的副本，也会有更多最终并不相同的文档对；3 适合大多数文档集。扫描后，滑块下方的图表会显示每个 k 值能得到多少文档对。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>With partial copies detected, two documents that share most of their text (at least half of each) are near-duplicates at any distance: their passages are compared, not only their fingerprints. So a pair at a distance well over k can be listed as a near-duplicate, and a smaller k keeps such pairs.</source>
        <translation>启用部分抄袭检测时，两篇文档若共有大部分文字（各自至少一半），无论距离多大都算近似重复：比较的是它们的段落，而不只是指纹。因此距离远大于 k 的文档对也可能列为近似重复，调小 k 也会保留这类文档对。</translation>
    </message>
</context>
<context>
    <name>ResultsView</name>
    <message>
        <location filename="../../app/neardup/gui/results/results_view.py" line="+91"/>
        <source>No results yet: add a folder and press Scan (F5).</source>
        <translation>还没有结果：请添加文件夹并点击“扫描”（F5）。</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Double-click a pair to compare the two texts side by side.</source>
        <translation>双击一对文档，并排比较两篇文本。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Filter by path…</source>
        <translation>按路径筛选…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show only pairs where either path contains this text.</source>
        <translation>只显示任一路径包含此文本的文档对。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>All kinds</source>
        <translation>全部类型</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show only pairs of this kind.</source>
        <translation>只显示这一类型的文档对。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Show only pairs where at least this share of one text is found in the other.</source>
        <translation>只显示其中一篇至少有这一比例出现在另一篇中的文档对。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Overlap:</source>
        <translation>重合比例：</translation>
    </message>
    <message>
        <location line="+22"/>
        <location line="+62"/>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <location line="-61"/>
        <location line="+38"/>
        <source>Groups</source>
        <translation>分组</translation>
    </message>
    <message>
        <location line="-37"/>
        <location line="+53"/>
        <source>Pairs</source>
        <translation>文档对</translation>
    </message>
    <message>
        <location line="-52"/>
        <location line="+37"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Pairs ({shown} of {total})</source>
        <translation>文档对（{total} 个中的 {shown} 个）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Documents ({shown} of {total})</source>
        <translation>文档（{total} 篇中的 {shown} 篇）</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>{count} file marked.</source>
        <translation>已标记 {count} 个文件。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} files marked.</source>
        <translation>已标记 {count} 个文件。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{count} group has no copy there and was left as it was.</source>
        <translation>{count} 个分组在那里没有副本，保持不变。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} groups have no copy there and were left as they were.</source>
        <translation>{count} 个分组在那里没有副本，保持不变。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Keeping {name} in group {id}.</source>
        <translation>在分组 {id} 中保留 {name}。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Keep this one</source>
        <translation>保留这一份</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Make this file the group&apos;s reference: the copy tidying keeps.</source>
        <translation>将此文件设为分组的基准文件：整理时保留这一份。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Move to Trash…</source>
        <translation>移到回收站…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move duplicates to Trash…</source>
        <translation>将重复文件移到回收站…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Compare side by side</source>
        <translation>并排比较</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Compare with the reference</source>
        <translation>与基准文件比较</translation>
    </message>
</context>
<context>
    <name>ReviewController</name>
    <message>
        <location filename="../../app/neardup/gui/tidy/review_controller.py" line="+64"/>
        <source>Confirm as a copy…</source>
        <translation>确认为抄袭…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Record that you checked this pair and it is copied.</source>
        <translation>记录您已核查这对文档，且确属抄袭。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Dismiss this match…</source>
        <translation>排除此匹配…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not copying (a stock phrase, a form): it leaves the sources&apos; figures.</source>
        <translation>不属于抄袭（常用语句、表格等）：不再计入来源报告的比例。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Clear the review</source>
        <translation>清除审阅</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot review this pair: {error}</source>
        <translation>无法审阅这对文档：{error}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Confirm as a copy</source>
        <translation>确认为抄袭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{a} and {b}: confirmed as a copy.</source>
        <translation>{a} 与 {b}：确认为抄袭。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Dismiss this match</source>
        <translation>排除此匹配</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{a} and {b}: dismissed, not copying; the match leaves the sources&apos; figures.</source>
        <translation>{a} 与 {b}：排除，不算抄袭；这处匹配不再计入来源报告的比例。</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Confirmed as a copy; kept for later scans</source>
        <translation>已确认为抄袭；以后的扫描中仍会保留</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Match dismissed; it leaves the sources&apos; figures</source>
        <translation>已排除此匹配；不再计入来源报告的比例</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Review cleared</source>
        <translation>已清除审阅</translation>
    </message>
</context>
<context>
    <name>SettingsPanel</name>
    <message>
        <location filename="../../app/neardup/gui/settings/settings_panel.py" line="-52"/>
        <source>Binary</source>
        <translation>二值</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Words frequent in this document but rare in the others count most, so a shared template or common words weigh little. The usual choice.</source>
        <translation>在本文档中常见、在其他文档中少见的词权重最大，因此共用的模板或常用词影响很小。通常的选择。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Words count by how often this document uses them, however common they are elsewhere.</source>
        <translation>词的权重取决于它在本文档中出现的次数，不论它在其他文档中是否常见。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Words central to this document, linked to many others nearby, count most, as its keywords would.</source>
        <translation>在本文档中处于核心、与附近许多词相关联的词权重最大，就像文档的关键词。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Every distinct word counts once, however often it occurs.</source>
        <translation>每个不同的词只计一次，不论出现多少次。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>How different two documents may be and still be called near-duplicates. Each document gets a 64-bit fingerprint of its words; k is how many of those bits may differ. 0 finds only texts that are nearly the same; 3 (the default) finds light edits; a larger k finds heavier edits, and more pairs that only look alike, which the scan then checks. The chart below shows the last scan&apos;s documents by distance, and what another k gives.</source>
        <translation>两篇文档相差多少仍算近似重复。每篇文档由其词语生成一个 64 位指纹；k 是允许不同的位数。0 只找出几乎相同的文本；3（默认值）能找出轻微改写；k 越大，能找出改动越多的版本，也会有更多只是看起来相似、需要扫描进一步核查的文档对。下方的图表按距离显示上次扫描的文档，以及换一个 k 值会得到什么。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>With partial copies detected, documents that share at least half of each other&apos;s text are near-duplicates at any distance.</source>
        <translation>启用部分抄袭检测时，彼此至少一半文字相同的文档，无论距离多大都算近似重复。</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>How much each word counts in a document&apos;s fingerprint.</source>
        <translation>每个词在文档指纹中所占的权重。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Detect partial copies</source>
        <translation>检测部分抄袭</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Also find documents that copy only some passages of another (slower).</source>
        <translation>同时查找只抄袭了另一文档部分段落的文档（较慢）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Share of the smaller document that must be found in the other to report a partial copy.</source>
        <translation>较小文档中至少有这一比例出现在另一篇中，才报告为部分抄袭。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Pairs of documents of the last scan by the distance of their fingerprints (bar heights on a log scale). Those left of the line are within k.</source>
        <translation>上次扫描中各文档对按指纹距离的分布（柱高为对数刻度）。竖线左侧的文档对距离不超过 k。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+178"/>
        <source>Scan once to see how the documents spread over k.</source>
        <translation>扫描一次后，即可看到文档在各 k 值上的分布。</translation>
    </message>
    <message>
        <location line="-173"/>
        <source>Pairs the last scan found, by the share of the shorter text found in the other (5 % a bar, log scale). Those right of the line reach the minimum overlap.</source>
        <translation>上次扫描找到的文档对，按较短文本在另一篇中出现的比例分布（每柱 5%，对数刻度）。竖线右侧的文档对达到最小重合比例。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Never</source>
        <translation>从不</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>in </source>
        <translation>出现在 </translation>
    </message>
    <message>
        <location line="+1"/>
        <source> documents or more</source>
        <translation> 篇或更多文档</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Leave out of the shares the text that this many scanned documents hold: a university&apos;s cover page, a licence everybody includes. Such text is still listed and marked in the Pairs tab; by default it counts, since a text many students copied is still copied.</source>
        <translation>被这么多篇扫描文档共有的文本不计入比例，例如学校统一的封面、人人都附上的许可声明。这类文本仍会在“文档对”标签页中列出并标记；默认计入，因为许多学生都抄的文本依然是抄袭。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>See through disguised copies</source>
        <translation>识破伪装的副本</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Read Traditional Chinese as Simplified, and letters that only look alike (a Cyrillic а for a Latin a) as the same letter, so that a copy disguised that way is still found. What is shown stays the document&apos;s own text.</source>
        <translation>将繁体中文视为简体，把形似的字母（如西里尔字母 а 与拉丁字母 a）视为同一字母，这样伪装过的副本也能被找到。显示的仍是文档原文。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Dampen repeated words (log TF)</source>
        <translation>削弱重复词的权重（对数 TF）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Count a word seen n times as 1 + ln(n) rather than n, so that repetition does not dominate the fingerprint; only affects the TF and TF-IDF weightings.</source>
        <translation>出现 n 次的词按 1 + ln(n) 计，而不是 n，避免重复的词主导指纹；只影响 TF 和 TF-IDF 两种加权方式。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Word segmenter for Chinese text: rjieba is fast, jieba is the reference implementation.</source>
        <translation>中文分词器：rjieba 速度快，jieba 是参考实现。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>PDF text extractor: pdfium is fast, pdfminer copes with some unusual files.</source>
        <translation>PDF 文本提取器：pdfium 速度快，pdfminer 能处理一些特殊文件。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Documents with fewer content words are listed but not compared; two copies of the same text are duplicates whatever their length.</source>
        <translation>实词少于此数的文档只列出，不参与比较；但文本完全相同的两份，无论多短都算完全重复。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Processes that extract and tokenise files in parallel (Auto: one per CPU core).</source>
        <translation>并行提取和分词的进程数（自动：每个 CPU 核心一个）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remember extracted text between scans</source>
        <translation>在两次扫描之间记住提取的文本</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keep a cache of extracted text and tokens so that unchanged files are not read again.</source>
        <translation>缓存提取出的文本和词语，未改动的文件无需再次读取。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Tokenizer:</source>
        <translation>分词器：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF engine:</source>
        <translation>PDF 引擎：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Minimum tokens:</source>
        <translation>最少词数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Worker processes:</source>
        <translation>工作进程数：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Advanced options</source>
        <translation>高级选项</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hamming threshold k:</source>
        <translation>汉明距离阈值 k：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Weighting:</source>
        <translation>加权方式：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Minimum overlap:</source>
        <translation>最小重合比例：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ignore common text:</source>
        <translation>忽略常见文本：</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Leave quotations out</source>
        <translation>不计引文</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Text in quotation marks (“…”, 「…」, 『…』, &quot;…&quot;) and block quotes (indented or quote-styled paragraphs) is cited, not copied: the figure excluding citations leaves it out.</source>
        <translation>引号（“…”、「…」、『…』、&quot;…&quot;）中的文字和块引用（缩进或引用样式的段落）属于引用而非抄袭：“去除引用”的比例不计这些内容。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Leave the reference list out</source>
        <translation>不计参考文献</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>From a heading such as 参考文献, References or Bibliography to the next top-level heading or the end: the same sources cited alike are no copying.</source>
        <translation>从“参考文献”、References 或 Bibliography 等标题起，到下一个一级标题或全文结尾：以相同方式引用相同的文献不算抄袭。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> words</source>
        <translation> 个词</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Matches shorter than this (13 Chinese characters count as 8 words) are common phrases: the figure excluding citations leaves them out. 0 keeps every match.</source>
        <translation>短于此长度的匹配（13 个汉字按 8 个词计）是常用语句：“去除引用”的比例不计这些内容。0 表示保留所有匹配。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Shortest match counted:</source>
        <translation>计入的最短匹配：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Excluding citations</source>
        <translation>去除引用</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>{bits}+ bits</source>
        <translation>{bits}+ 位</translation>
    </message>
</context>
<context>
    <name>SourcesPageSaver</name>
    <message>
        <location filename="../../app/neardup/gui/compare/sources_export.py" line="+47"/>
        <source>Save sources page</source>
        <translation>保存来源页面</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Web pages (*.html)</source>
        <translation>网页 (*.html)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Cannot save the sources page</source>
        <translation>无法保存来源页面</translation>
    </message>
</context>
<context>
    <name>Summary</name>
    <message>
        <location filename="../../app/neardup/gui/scan_summary.py" line="+30"/>
        <source>{count} documents scanned</source>
        <translation>已扫描 {count} 篇文档</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{count} library documents</source>
        <translation>{count} 个参考库文档</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{count} with text found elsewhere</source>
        <translation>{count} 篇文档的文本见于他处</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{count} groups</source>
        <translation>{count} 个分组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} pairs</source>
        <translation>{count} 个文档对</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} problems</source>
        <translation>{count} 个问题</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{count} not scanned</source>
        <translation>{count} 个未扫描</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{count} of other types skipped ({types})</source>
        <translation>跳过 {count} 个其他类型的文件（{types}）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{count} of other types skipped</source>
        <translation>跳过 {count} 个其他类型的文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{seconds} s</source>
        <translation>{seconds} 秒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancelled, partial results: {line}</source>
        <translation>已取消，部分结果：{line}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no extension</source>
        <translation>无扩展名</translation>
    </message>
</context>
<context>
    <name>TextPane</name>
    <message>
        <location filename="../../app/neardup/gui/compare/text_pane.py" line="+64"/>
        <source>&lt;b&gt;{title}&lt;/b&gt;: {name}</source>
        <translation>&lt;b&gt;{title}&lt;/b&gt;：{name}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reading and comparing…</source>
        <translation>正在读取并比较…</translation>
    </message>
</context>
<context>
    <name>ThresholdChart</name>
    <message>
        <location filename="../../app/neardup/gui/settings/threshold_chart.py" line="+95"/>
        <source>The last scan compared fewer than two documents: no distances to show.</source>
        <translation>上次扫描比较的文档少于两篇：没有距离可显示。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{count} duplicate or near-duplicate pair</source>
        <translation>{count} 个完全重复或近似重复的文档对</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} duplicate or near-duplicate pairs</source>
        <translation>{count} 个完全重复或近似重复的文档对</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{count} group</source>
        <translation>{count} 个分组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} groups</source>
        <translation>{count} 个分组</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>At k = {k}: {pairs} in {groups} (the last scan&apos;s).</source>
        <translation>k = {k} 时：{pairs}，共 {groups}（即上次扫描的结果）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>At k = {k}: {pairs} in {groups} (the last scan used k = {scan_k}).</source>
        <translation>k = {k} 时：{pairs}，共 {groups}（上次扫描使用 k = {scan_k}）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Another {count} pair of documents lies within k: a rescan checks whether they share enough words.</source>
        <translation>另有 {count} 个文档对在 k 之内：重新扫描会核查它们是否有足够多的共同词语。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Another {count} pairs of documents lie within k: a rescan checks whether they share enough words.</source>
        <translation>另有 {count} 个文档对在 k 之内：重新扫描会核查它们是否有足够多的共同词语。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A rescan checks the pairs of documents beyond the last scan&apos;s k.</source>
        <translation>重新扫描会核查超出上次扫描 k 值的文档对。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Pairs that share most of their text are found whatever k.</source>
        <translation>共有大部分文本的文档对，不论 k 为何值都会被找到。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This report holds no fingerprints: the chart shows only the pairs it found, not the other pairs of documents.</source>
        <translation>此报告不含指纹：图表只显示报告中找到的文档对，不显示其他文档对。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The chart measures {measured} of the {eligible} documents.</source>
        <translation>图表测量了 {eligible} 篇文档中的 {measured} 篇。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The last scan was cancelled before it measured every overlap: scan again for the chart.</source>
        <translation>上次扫描在测量完所有重合比例之前被取消：重新扫描即可显示图表。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The last scan did not measure overlaps (partial-copy detection was off).</source>
        <translation>上次扫描未测量重合比例（未启用部分抄袭检测）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>At {minimum}: {count} partial copy.</source>
        <translation>{minimum} 时：{count} 个部分抄袭。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At {minimum}: {count} partial copies.</source>
        <translation>{minimum} 时：{count} 个部分抄袭。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The last scan kept none below its {minimum}: a rescan may find more.</source>
        <translation>上次扫描没有保留低于 {minimum} 的结果：重新扫描可能找到更多。</translation>
    </message>
</context>
<context>
    <name>TidyController</name>
    <message>
        <location filename="../../app/neardup/gui/tidy/tidy_controller.py" line="+37"/>
        <source>Move duplicates to &amp;Trash…</source>
        <translation>将重复文件移到回收站(&amp;T)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move marked files to &amp;Trash…</source>
        <translation>将已标记的文件移到回收站(&amp;T)…</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Move the marked files to the Trash or, with none marked, the duplicates in the selected groups (or the selected files); each group&apos;s reference is kept.</source>
        <translation>将已标记的文件移到回收站；若没有标记，则移动所选分组中的重复文件（或所选文件）；每个分组的基准文件都会保留。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Move marked files to &amp;folder…</source>
        <translation>将已标记的文件移到文件夹(&amp;F)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move the marked files (with none marked, the duplicates in the selected groups) into a folder you choose; a name already there gets a number.</source>
        <translation>将已标记的文件（若没有标记，则为所选分组中的重复文件）移到你选择的文件夹；同名文件会加上编号。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put the files of the last move to the Trash back.</source>
        <translation>将上次移到回收站的文件放回原处。</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Move to folder</source>
        <translation>移到文件夹</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+11"/>
        <source>Nothing was moved.</source>
        <translation>没有移动任何文件。</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>Move the files into this folder</source>
        <translation>将文件移入此文件夹</translation>
    </message>
</context>
<context>
    <name>TidyPlan</name>
    <message>
        <location filename="../../app/neardup/gui/tidy/plan.py" line="+35"/>
        <source>{count} file</source>
        <translation>{count} 个文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{count} files</source>
        <translation>{count} 个文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Trash</source>
        <translation>回收站</translation>
    </message>
    <message>
        <location line="+193"/>
        <source>Undo move of {files} to {where}</source>
        <translation>撤销将 {files} 移到{where}</translation>
    </message>
    <message>
        <location filename="../../app/neardup/gui/tidy/messages.py" line="+263"/>
        <location filename="../../app/neardup/gui/tidy/plan.py" line="+21"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location line="-189"/>
        <source>…and {count} more (see details)</source>
        <translation>…另有 {count} 个（见详细信息）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{count} edited version</source>
        <translation>{count} 个改写版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} edited versions</source>
        <translation>{count} 个改写版本</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Also move the {edited} (not exact copies)</source>
        <translation>同时移动 {edited}（不是完全一样的副本）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Move {files} to {where}</source>
        <translation>将 {files} 移到{where}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the Trash</source>
        <translation>回收站</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>You can undo the move with Edit → Undo ({shortcut}), or restore the files from the system Trash.</source>
        <translation>可以用 编辑 → 撤销（{shortcut}）撤销移动，或从系统回收站还原文件。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>You can undo the move with Edit → Undo ({shortcut}).</source>
        <translation>可以用 编辑 → 撤销（{shortcut}）撤销移动。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The reference of each group, the one to keep, stays where it is; where that is a reference-library document, one copy in the scanned folders stays too.</source>
        <translation>每个分组的基准文件（保留的那一份）留在原处；若基准文件是参考库中的文档，被扫描文件夹中也会保留一份副本。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{files} from a reference library will be left alone.</source>
        <translation>参考库中的 {files} 不会被移动。</translation>
    </message>
    <message>
        <location line="-150"/>
        <source>{count} edited version of these is not an exact copy of a file that stays: the changes in it would go too. It moves only if you tick the box below.</source>
        <translation>其中 {count} 个改写版本不是保留文件完全一样的副本：其中的改动也会一起移走。只有勾选下面的选项，它才会被移动。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{count} edited versions of these are not exact copies of a file that stays: the changes in them would go too. They move only if you tick the box below.</source>
        <translation>其中 {count} 个改写版本不是保留文件完全一样的副本：其中的改动也会一起移走。只有勾选下面的选项，它们才会被移动。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{count} of these is the same text in another format (a PDF of a .docx, say), which you may mean to keep. It moves only if you tick the box below.</source>
        <translation>其中 {count} 个是相同文本的另一种格式（例如 .docx 生成的 PDF），你可能想保留它。只有勾选下面的选项才会移走它。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{count} of these are the same text in another format (a PDF of a .docx, say), which you may mean to keep. They move only if you tick the box below.</source>
        <translation>其中 {count} 个是相同文本的另一种格式（例如 .docx 生成的 PDF），你可能想保留它们。只有勾选下面的选项才会移走它们。</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>{count} copy in another format</source>
        <translation>{count} 个其他格式的副本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} copies in another format</source>
        <translation>{count} 个其他格式的副本</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>{first} and {second}</source>
        <translation>{first}和{second}</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Edited versions, moved only if ticked:</source>
        <translation>改写版本（仅在勾选时移动）：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Copies in another format, moved only if ticked:</source>
        <translation>其他格式的副本，仅在勾选后移走：</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Move to Trash</source>
        <translation>移到回收站</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move to folder</source>
        <translation>移到文件夹</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Each file keeps the folders it is in below {shared}, in {destination}.</source>
        <translation>每个文件在 {destination} 中保留它在 {shared} 之下所在的文件夹。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Each of the {files} is an edited version: tick the box to move them to {where}.</source>
        <translation>这 {files}都是修改过的版本：勾选下面的复选框，即可将它们移到{where}。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Move {files} ({size}) to {where}?</source>
        <translation>将 {files}（{size}）移到{where}吗？</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Moved to Trash</source>
        <translation>已移到回收站</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Moved to folder</source>
        <translation>已移到文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Moved {files} ({size}) to {where}.</source>
        <translation>已将 {files}（{size}）移到{where}。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Undo with Edit → Undo ({shortcut}).</source>
        <translation>可用 编辑 → 撤销（{shortcut}）撤销。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{files} not moved:</source>
        <translation>{files} 未移动：</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{files} renamed, as a file of the name was there:</source>
        <translation>{files}已改名，因为那里已有同名文件：</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Restored {files} from {where}.</source>
        <translation>已从{where}还原 {files}。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{files} not put back:</source>
        <translation>{files} 未放回：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>You can restore them from the system Trash.</source>
        <translation>可以从系统回收站还原它们。</translation>
    </message>
</context>
<context>
    <name>TidyReasons</name>
    <message>
        <location filename="../../app/neardup/gui/tidy/move_folder.py" line="+35"/>
        <source>already in that folder</source>
        <translation>已在该文件夹中</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the folder {folder} does not exist</source>
        <translation>文件夹 {folder} 不存在</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{folder} is not a folder</source>
        <translation>{folder} 不是文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>permission denied: cannot add files to the folder {folder}</source>
        <translation>权限不足：无法向文件夹 {folder} 添加文件</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>no free name for {name} in {folder}</source>
        <translation>在 {folder} 中找不到 {name} 可用的名称</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>could not be moved into {folder}</source>
        <translation>无法移入 {folder}</translation>
    </message>
    <message>
        <location filename="../../app/neardup/gui/tidy/trash.py" line="+28"/>
        <source>cannot move it to the Trash</source>
        <translation>无法移到回收站</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>another file now has its name</source>
        <translation>已有另一个文件使用了它的名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no longer in the Trash (the Trash was emptied?)</source>
        <translation>已不在回收站中（回收站被清空了？）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>already back in its folder</source>
        <translation>已回到原文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the copy kept in its group</source>
        <translation>其分组中保留的副本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>is the same file as the copy kept in its group</source>
        <translation>与其分组中保留的副本是同一个文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the Trash now holds another file under its name</source>
        <translation>回收站中现在有另一个同名文件</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{denied}: cannot change the folder {folder}</source>
        <translation>{denied}：无法修改文件夹 {folder}</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>it is still in the Trash at {path}</source>
        <translation>它仍在回收站中：{path}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it is still at {path}</source>
        <translation>它仍在 {path}</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>{unavailable}: its name is too long for the Trash, which records it with “.trashinfo” added; rename it, or move it to a folder</source>
        <translation>{unavailable}：文件名太长，回收站记录它时要加上“.trashinfo”；请改短文件名，或把它移到一个文件夹</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{unavailable}: the system refused to move it into {trash}</source>
        <translation>{unavailable}：系统拒绝将其移入 {trash}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{unavailable}: the system refused to move it</source>
        <translation>{unavailable}：系统拒绝移动它</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>{kept}, {name}, is {reason}</source>
        <translation>{kept}（{name}）{reason}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{same} ({name} leads to it)</source>
        <translation>{same}（{name} 指向它）</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>no longer at {path}</source>
        <translation>已不在 {path}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>another file now has its name at {path}</source>
        <translation>{path} 处现在有另一个同名文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{other} (the one moved is gone from the Trash)</source>
        <translation>{other}（移入的那个文件已不在回收站中）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>cannot recreate the folder {folder} ({error})</source>
        <translation>无法重新创建文件夹 {folder}（{error}）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>could not be moved back; {still_there}</source>
        <translation>无法移回；{still_there}</translation>
    </message>
    <message>
        <location filename="../../app/neardup/gui/tidy/trash_folder.py" line="+62"/>
        <source>the Trash folder {folder} is not a folder</source>
        <translation>回收站位置 {folder} 不是文件夹</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the Trash folder {folder} could not be created ({reason})</source>
        <translation>无法创建回收站文件夹 {folder}（{reason}）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the Trash folder {folder} is not writable</source>
        <translation>回收站文件夹 {folder} 不可写</translation>
    </message>
</context>
<context>
    <name>file_actions</name>
    <message>
        <location filename="../../app/neardup/gui/results/file_actions.py" line="+35"/>
        <source>Open{suffix} with system app</source>
        <translation>用系统程序打开{suffix}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Reveal{suffix} in file manager</source>
        <translation>在文件管理器中显示{suffix}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Copy path{suffix}</source>
        <translation>复制路径{suffix}</translation>
    </message>
</context>
</TS>
