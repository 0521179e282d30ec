<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CollapsibleSection</name>
    <message>
        <location filename="../../app/neardup/gui/settings/settings_panel.py" line="+76"/>
        <source>Show or hide the advanced options.</source>
        <translation>显示或隐藏高级选项。</translation>
    </message>
</context>
<context>
    <name>Column</name>
    <message>
        <location filename="../../app/neardup/gui/results/documents_model.py" line="+108"/>
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
        <location filename="../../app/neardup/gui/results/models.py" line="+185"/>
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
        <location line="+1"/>
        <source>Modified</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../app/neardup/gui/results/models.py" line="-2"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../app/neardup/gui/results/models.py" line="-11"/>
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
        <location line="+26"/>
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
        <location line="+10"/>
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
        <location line="+41"/>
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
        <location line="+40"/>
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
    <name>CompareLauncher</name>
    <message>
        <location filename="../../app/neardup/gui/compare/compare_launcher.py" line="+36"/>
        <source>&amp;Compare two files…</source>
        <translation>比较两个文件(&amp;C)…</translation>
    </message>
    <message>
        <location line="+18"/>
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
    <name>DocumentsPage</name>
    <message>
        <location filename="../../app/neardup/gui/results/documents_page.py" line="+60"/>
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
        <location line="+47"/>
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
    <name>FoldersPanel</name>
    <message>
        <location filename="../../app/neardup/gui/settings/folders_panel.py" line="+39"/>
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
        <location line="+6"/>
        <source>File types:</source>
        <translation>文件类型：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Include:</source>
        <translation>包含：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exclude:</source>
        <translation>排除：</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Add folder</source>
        <translation>添加文件夹</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Scan: compared with everything; reference library: only with scans.</source>
        <translation>扫描：与所有文档比较；参考库：只与被扫描的文档比较。</translation>
    </message>
</context>
<context>
    <name>IgnoreController</name>
    <message>
        <location filename="../../app/neardup/gui/tidy/ignore_controller.py" line="+40"/>
        <source>Show &amp;ignored pairs and groups</source>
        <translation>显示已忽略的文档对和分组(&amp;I)</translation>
    </message>
    <message>
        <location line="+17"/>
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
        <location filename="../../app/neardup/gui/main_window.py" line="+84"/>
        <source>&amp;Add folder…</source>
        <translation>添加文件夹(&amp;A)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add a folder of documents to scan.</source>
        <translation>添加一个要扫描的文档文件夹。</translation>
    </message>
    <message>
        <location line="+4"/>
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
        <location line="+3"/>
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
        <location line="+25"/>
        <source>&amp;Scan</source>
        <translation>扫描(&amp;S)</translation>
    </message>
    <message>
        <location line="-25"/>
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
        <location line="+8"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+272"/>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location line="-256"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+12"/>
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
        <location line="+4"/>
        <location line="+209"/>
        <location line="+3"/>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <location line="-162"/>
        <source>{app} — Unsaved scan</source>
        <translation>{app} — 未保存的扫描</translation>
    </message>
    <message>
        <location line="+32"/>
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
        <location line="+14"/>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Scan cancelled: showing the files finished so far.</source>
        <translation>扫描已取消：显示目前已完成的文件。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scan finished.</source>
        <translation>扫描完成。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scan failed</source>
        <translation>扫描失败</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Open report</source>
        <translation>打开报告</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+35"/>
        <source>NearDup reports (*.json)</source>
        <translation>NearDup 报告 (*.json)</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>Opening {name}…</source>
        <translation>正在打开 {name}…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot open report</source>
        <translation>无法打开报告</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Save report</source>
        <translation>保存报告</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cannot save report</source>
        <translation>无法保存报告</translation>
    </message>
</context>
<context>
    <name>MarkActions</name>
    <message>
        <location filename="../../app/neardup/gui/tidy/mark_actions.py" line="+37"/>
        <source>&amp;Marks</source>
        <translation>标记(&amp;M)</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Keep the copies in this folder</source>
        <translation>保留此文件夹中的副本</translation>
    </message>
</context>
<context>
    <name>PdfReportExporter</name>
    <message>
        <location filename="../../app/neardup/gui/compare/pdf_reports.py" line="+51"/>
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
        <location line="+6"/>
        <location line="+46"/>
        <location line="+57"/>
        <source>Export report (PDF)</source>
        <translation>导出报告 (PDF)</translation>
    </message>
    <message>
        <location line="-103"/>
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
        <location line="+27"/>
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
        <location filename="../../app/neardup/gui/problem_text.py" line="+18"/>
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
    <name>ResultsView</name>
    <message>
        <location filename="../../app/neardup/gui/results/results_view.py" line="+64"/>
        <source>No results yet: add a folder and press Scan (F5).</source>
        <translation>还没有结果：请添加文件夹并点击“扫描”（F5）。</translation>
    </message>
    <message>
        <location line="+53"/>
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
        <location line="+24"/>
        <location line="+28"/>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <location line="-27"/>
        <location line="+28"/>
        <source>Groups</source>
        <translation>分组</translation>
    </message>
    <message>
        <location line="-27"/>
        <location line="+28"/>
        <source>Pairs</source>
        <translation>文档对</translation>
    </message>
    <message>
        <location line="-27"/>
        <location line="+28"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+98"/>
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
        <location line="+28"/>
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
    <name>SettingsPanel</name>
    <message>
        <location filename="../../app/neardup/gui/settings/settings_panel.py" line="+46"/>
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
        <location line="+136"/>
        <source>Scan once to see how the documents spread over k.</source>
        <translation>扫描一次后，即可看到文档在各 k 值上的分布。</translation>
    </message>
    <message>
        <location line="-131"/>
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
        <location line="+6"/>
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
        <location line="+5"/>
        <source>Documents with fewer content words are listed but not compared.</source>
        <translation>实词少于此数的文档只列出，不参与比较。</translation>
    </message>
    <message>
        <location line="+4"/>
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
        <location line="+5"/>
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
</context>
<context>
    <name>SourcesPageSaver</name>
    <message>
        <location filename="../../app/neardup/gui/compare/sources_export.py" line="+46"/>
        <source>Save sources page</source>
        <translation>保存来源页面</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Web pages (*.html)</source>
        <translation>网页 (*.html)</translation>
    </message>
</context>
<context>
    <name>TextPane</name>
    <message>
        <location filename="../../app/neardup/gui/compare/text_pane.py" line="+54"/>
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
    <name>TidyController</name>
    <message>
        <location filename="../../app/neardup/gui/tidy/tidy_controller.py" line="+74"/>
        <source>Move marked files to &amp;folder…</source>
        <translation>将已标记的文件移到文件夹(&amp;F)…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put the files of the last move to the Trash back.</source>
        <translation>将上次移到回收站的文件放回原处。</translation>
    </message>
    <message>
        <location line="+159"/>
        <source>Move the files into this folder</source>
        <translation>将文件移入此文件夹</translation>
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
