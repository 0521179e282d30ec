"""The IDF table a library's documents are weighed by: a scan's, over the whole corpus.

A scan with TF-IDF weighs every document by the document frequencies of all the documents
it reads, library ones included. A library keeps those frequencies (how many of its
documents hold each term), so a check can weigh the checked documents and its candidates
exactly as ``scan DOC --against LIBRARY-FILES`` would, without reading the other documents:
only the frequencies of the terms the weighed documents hold are looked up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from neardup.core.features import MIN_DOCUMENTS_FOR_CORPUS_IDF, IdfTable, idf_for
from neardup.core.library.database import LibraryDatabase


def library_idf(
    db: LibraryDatabase,
    extra: Sequence[Mapping[str, object]],
    left_out: Sequence[Mapping[str, object]],
    also_looked_up: Iterable[str] = (),
) -> IdfTable:
    """The IDF of a corpus made of the library's documents, plus documents with the
    distinct terms ``extra``, less stored documents with the terms ``left_out``.

    Only the terms of ``extra`` and ``also_looked_up`` (the other documents to weigh) get
    their own value; any other term would get the table's default, as an unseen term does.
    """
    documents = db.count("documents") + len(extra) - len(left_out)
    if documents < MIN_DOCUMENTS_FOR_CORPUS_IDF:
        return idf_for(())  # what a scan of so few documents uses: jieba's general table
    counts: Counter[str] = Counter()
    for terms in extra:
        counts.update(iter(terms))
    wanted = set(counts) | set(also_looked_up)
    frequencies = Counter(db.frequencies(wanted))
    frequencies.update(counts)
    for terms in left_out:
        frequencies.subtract(iter(terms))
    return IdfTable.from_frequencies(+frequencies, documents)
