from collections import Counter
import random
import logging

log = logging.getLogger(__name__)

UNK = "<UNK>"
SYMBOL_WORDS = {
    "<": "<LT>",
    ">": "<GT>",
    ",": "<COMMA>",
    ".": "<DOT>",
    "!": "<BANG>",
    "?": "<QMARK>",
    ":": "<COLON>",
    ";": "<SEMI>",
    "-": "<HYPHEN>",
    "(": "<OPEN_PAREN>",
    ")": "<CLOSE_PAREN>",
    "[": "<OPEN_SQ>",
    "]": "<CLOSE_SQ>",
    "{": "<OPEN_CURLY>",
    "}": "<CLOSE_CURLY>",
    '"': "<DQUOTE>",
    "'": "<SQUOTE>",
    "/": "<FSLASH>",
    "\\": "<BSLASH>",
    "&": "<AND>",
    "@": "<AT_SIGN>",
    "#": "<POUND>",
    "$": "<DOLLARS>",
    "%": "<PCT>",
    "*": "<STAR>",
    "+": "<ADD>",
    "=": "<EQ>",
    "|": "<BAR>",
    "~": "<TILDA>",
    "`": "<GRAVE>",
}


# ideas: drop stop words, stem or lemmatise
def tokenise(text: str) -> list[str]:
    """
    Lower-cases one long string and spells each punctuation mark as a word.

    Args:
        text (str): the whole corpus.

    Returns:
        list: the tokens, in order.
    """
    # lower case
    text = text.lower()

    # punctuation becomes its own word
    for mark, word in SYMBOL_WORDS.items():
        text = text.replace(mark, f" {word} ")

    # whitespace split
    words = text.split()
    return words


def build_vocab(
    tokens: list[str],
    min_freq: int = 5,
    subsampling_threshold: float = 1e-5,
) -> dict[str, int]:
    """
    Keeps the words seen at least min_freq times, then drops frequent ones at random.
    """
    counts = Counter(tokens)
    # frequency cut
    kept = [UNK] + [
        w for w, n in counts.items() if n >= min_freq
    ]
    n_rare = len(counts) - len(kept)

    # subsampling of frequent words
    if subsampling_threshold is not None:
        log.info(f"subsampling at {subsampling_threshold}")
        total = sum(Counter(tokens).values())
        survivors = []
        freq_table = Counter(tokens)
        n_subsampled = 0  # words dropped by subsampling
        for w in kept:
            if w == UNK:
                survivors.append(w)
                continue
            f = freq_table[w] / total
            p_drop = 1 - (subsampling_threshold / f) ** 0.5
            if random.random() > p_drop:
                survivors.append(w)
            else:
                n_subsampled += 1  # dropped
        kept = survivors

    vocab = {w: i for i, w in enumerate(kept)}

    # summary
    log.info(f"tokens in: {len(tokens)}")
    log.info(
        f"rare words dropped: {n_rare} ({n_rare / len(counts) * 100:.2f}%)"
    )
    if subsampling_threshold is not None:
        log.info(
            f"words subsampled away: {n_subsampled} ({n_subsampled / len(kept) * 100:.2f}%)"
        )
    log.info(f"vocabulary: {len(vocab)}")
    return vocab


def get_tokens_as_indices(tokens: list[str], vocab: dict) -> list[int]:
    """
    Maps every token to its id (unknown words to the UNK id),
    giving one flat list of ints for the whole corpus.
    """
    unk_id = vocab[UNK]
    return [vocab.get(w, unk_id) for w in tokens]


def get_words_from_indices(ids: list[int], vocab: dict) -> list[str]:
    """
    Maps ids back to words
    """
    return [
        list(vocab.keys())[list(vocab.values()).index(i)]
        for i in ids
        if i in vocab.values()
    ]
