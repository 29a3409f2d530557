# library imports
from datasets import Dataset, load_dataset, concatenate_datasets
import pandas as pd


def circa_without_unclear():
    """
    Loads Circa and drops rows with unusable labels.
    Returns:
        ds - the filtered Circa rows
    """

    # read the corpus
    ds = load_dataset('circa')['train']

    # drop 'Other', 'not sure' and N/A (-1) rows
    ds = ds.filter(lambda row: row['goldstandard1'] != ds.features['goldstandard1'].str2int('Other'))
    ds = ds.filter(lambda row: row['goldstandard1'] != ds.features['goldstandard1'].str2int("I am not sure how X will interpret Y’s answer"))
    ds = ds.filter(lambda row: row['goldstandard1'] != -1)

    # hand back
    return ds


def encode_splits(opts, tok, tr, va, te):
    """
    Tokenizes the three splits and sets the label column.
    Arguments:
        opts - parsed command line options
        tok - BERT tokenizer
        tr - raw training split
        va - raw validation split
        te - raw test split
    Returns:
        tr - encoded training split
        va - encoded validation split
        te - encoded test split
    """

    # question and answer together
    def enc_both(rows):
         return tok(rows['question-X'], rows['answer-Y'], truncation=True, padding='max_length')

    # question alone
    def enc_question(rows):
         return tok(rows['question-X'], truncation=True, padding='max_length')

    # answer alone
    def enc_answer(rows):
         return tok(rows['answer-Y'], truncation=True, padding='max_length')

    # pick the encoder
    if opts.model_version == "QA":
        enc = enc_both
    elif opts.model_version == "A":
        enc = enc_answer
    elif opts.model_version == 'Q':
        enc = enc_question

    # tokenize every split
    tr = tr.map(enc, batched=False)
    va = va.map(enc, batched=False)
    te = te.map(enc, batched=False)

    # which gold column
    if opts.labels == "strict":
        gold_col = "goldstandard1"
    else:
        gold_col = "goldstandard2"

    # call it labels
    tr.rename_column_(gold_col, "labels")
    va.rename_column_(gold_col, "labels")
    te.rename_column_(gold_col, "labels")

    # drop the columns not needed
    if opts.labels == 'strict':
        other_gold = 'goldstandard2'
    else:
        other_gold = 'goldstandard1'
    tr = tr.remove_columns(['answer-Y', 'canquestion-X', 'context', other_gold, 'judgements', 'question-X'])
    va = va.remove_columns(['answer-Y', 'canquestion-X', 'context', other_gold, 'judgements', 'question-X'])
    te = te.remove_columns(['answer-Y', 'canquestion-X', 'context', other_gold, 'judgements', 'question-X'])

    # hand back
    return tr, va, te


def circa_matched(opts, tok):
    """
    Circa splits for the matched setting.
    Arguments:
        opts - parsed command line options
        tok - BERT tokenizer
    Returns:
        tr - 60% of the rows
        va - 20% of the rows
        te - 20% of the rows
    """

    # filtered corpus
    ds = circa_without_unclear()

    # 60 / 20 / 20 split
    ds = ds.train_test_split(test_size=0.4, train_size=0.6, shuffle=True)
    tr = ds['train']
    ds = ds['test'].train_test_split(test_size=0.5, train_size=0.5, shuffle=True)
    va = ds['train']
    te = ds['test']

    # encode
    tr, va, te = encode_splits(opts, tok, tr, va, te)

    # hand back
    return tr, va, te


def circa_unmatched(opts, tok, held_out, val_ctx):
    """
    Circa splits for the unmatched setting.
    Arguments:
        opts - parsed command line options
        tok - BERT tokenizer
        held_out - scenario kept for testing
        val_ctx - scenario kept for validation
    Returns:
        tr - the other 8 scenarios
        va - 1 scenario
        te - 1 scenario
    """

    # filtered corpus
    ds = circa_without_unclear()

    # split by scenario
    te = ds.filter(lambda row: row['context'] == held_out)
    va = ds.filter(lambda row: row['context'] == val_ctx)
    tr = ds.filter(lambda row: row['context'] != held_out)
    tr = tr.filter(lambda row: row['context'] != val_ctx)

    # encode
    tr, va, te = encode_splits(opts, tok, tr, va, te)

    # hand back
    return tr, va, te


def load_mtl_data(opts, tok):
    """
    Circa splits for the multitask runs.
    Arguments:
        opts - parsed command line options
        tok - BERT tokenizer
    Returns:
        tr - 60% of the rows
        va - 20% of the rows
        te - 20% of the rows
    """

    # filtered corpus
    ds = circa_without_unclear()

    # 60 / 20 / 20 split
    ds = ds.train_test_split(test_size=0.4, train_size=0.6, shuffle=True)
    tr = ds['train']
    ds = ds['test'].train_test_split(test_size=0.5, train_size=0.5, shuffle=True)
    va = ds['train']
    te = ds['test']

    # encode
    tr, va, te = encode_splits(opts, tok, tr, va, te)

    # every row belongs to task 0
    tr = tr.map(lambda row: {'task_idx': 0})
    va = va.map(lambda row: {'task_idx': 0})
    te = te.map(lambda row: {'task_idx': 0})

    # hand back
    return tr, va, te
