from transformers import T5Tokenizer, T5ForConditionalGeneration
from datasets import load_dataset
from qa_dataset import Seq2SeqQADataset


net = T5ForConditionalGeneration.from_pretrained('sberbank-ai/ruT5-base')
tok = T5Tokenizer.from_pretrained('sberbank-ai/ruT5-base')

hub_ds = load_dataset("kuznetsoffandrey/sberquad")

tr_df = hub_ds['train'].to_pandas()
va_df = hub_ds['validation'].to_pandas()


def encode_frame(frame) -> tuple:
    """
    Build source and target encodings from a frame of QA rows.

    Args:
        frame (pandas.DataFrame): rows with 'context', 'question' and 'answers'.

    Returns:
        tuple: (source encodings, target encodings).
    """
    srcs = []
    tgts = []
    for _, r in frame.iterrows():

        passage = r['context']
        q = r['question']
        gold = r['answers']['text'][0]

        prompt = f"question: {q} context: {passage}"
        srcs.append(prompt)
        tgts.append(gold)

    src_enc = tok(srcs, truncation=True, padding=True, max_length=512)
    tgt_enc = tok(tgts, truncation=True, padding=True, max_length=128)

    return src_enc, tgt_enc


tr_src, tr_tgt = encode_frame(tr_df)
va_src, va_tgt = encode_frame(va_df)


train_set = Seq2SeqQADataset(tr_src, tr_tgt)
valid_set = Seq2SeqQADataset(va_src, va_tgt)
