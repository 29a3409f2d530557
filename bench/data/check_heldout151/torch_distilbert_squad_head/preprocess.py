"""
Extended take on the custom-datasets SQuAD recipe from the transformers docs
"""
import json
import logging
import os
import random
from pathlib import Path

from transformers import DistilBertTokenizerFast


class SpanPreprocessor:
    def __init__(self, folder="squad"):
        self.folder = folder
        self.tokenizer = DistilBertTokenizerFast.from_pretrained('distilbert-base-uncased')

    @staticmethod
    def _read_split(fname: str, frac=1.0, include_impossible=False) -> (list, list, list):
        """
        Parse one SQuAD json file.

        Parameters
        ----------
        fname - the .json path

        Returns
        -------
        lists of passages, questions, answers
        """

        fname = Path(fname)
        with open(fname, 'rb') as fh:
            raw = json.load(fh)

        ctxs = []
        qs = []
        anss = []
        impossible_flags = []
        logging.info(f"keeping plausible answers: {include_impossible}")
        for article in raw['data']:
            for para in article['paragraphs']:
                if random.random() > frac:  # random paragraph subsample
                    continue
                ctx = para['context']
                for item in para['qas']:
                    q = item['question']

                    cand = item['answers']
                    flag = 0

                    if include_impossible:  # unanswerable questions use plausible spans
                        if item['is_impossible']:
                            cand = item['plausible_answers']
                            flag = 1

                    for a in cand:
                        ctxs.append(ctx)
                        qs.append(q)
                        anss.append(a)
                        impossible_flags.append(flag)

        return ctxs, qs, anss, impossible_flags

    @staticmethod
    def _set_end_chars(anss: list, ctxs: list) -> None:
        """
        Add the end character of every answer, fixing shifted starts, in place.

        Parameters
        ----------
        anss - answer dicts
        ctxs - passages
        """

        for a, ctx in zip(anss, ctxs):
            ref = a['text']
            s = a['answer_start']
            e = s + len(ref)

            # a few starts are one or two characters late
            if ctx[s:e] == ref:
                a['answer_end'] = e
            elif ctx[s - 1:e - 1] == ref:
                a['answer_start'] = s - 1
                a['answer_end'] = e - 1  # late by one
            elif ctx[s - 2:e - 2] == ref:
                a['answer_start'] = s - 2
                a['answer_end'] = e - 2  # late by two

    def _set_token_spans(self, enc, anss):
        s_tok = []
        e_tok = []
        for j in range(len(anss)):
            s_tok.append(enc.char_to_token(j, anss[j]['answer_start']))
            e_tok.append(enc.char_to_token(j, anss[j]['answer_end'] - 1))
            # None means the span fell past the truncation
            if s_tok[-1] is None:
                s_tok[-1] = self.tokenizer.model_max_length
            if e_tok[-1] is None:
                e_tok[-1] = self.tokenizer.model_max_length
        enc.update({'start_positions': s_tok, 'end_positions': e_tok})

    #   enc.update({'is_impossible': impossible_flags})

    def get_encodings(self, random_sample_train: float = 0.1, random_sample_val: float = 0.1, include_impossible=False,
                      **tokenizer_kwargs):
        """
        Read, subsample and tokenize both splits.

        Parameters
        ----------
        random_sample_train - share of train paragraphs kept
        random_sample_val - share of dev paragraphs kept

        Returns
        -------
        train and dev BatchEncoding objects
        """

        tr_ctx, tr_q, tr_ans, tr_imp = self._read_split(
            os.path.join(self.folder, 'train-v2.0.json'),
            frac=random_sample_train, include_impossible=include_impossible)
        va_ctx, va_q, va_ans, va_imp = self._read_split(
            os.path.join(self.folder, 'dev-v2.0.json'),
            frac=random_sample_val,
            include_impossible=include_impossible)

        # the pair is packed into one input_ids row with special tokens,
        # [CLS] and [SEP], the way BERT-style models expect it:
        # 
        # [CLS] passage [SEP] question [SEP]

        self._set_end_chars(tr_ans, tr_ctx)
        self._set_end_chars(va_ans, va_ctx)

        tr_enc = self.tokenizer(tr_ctx, tr_q, truncation=True, padding=True,
                                         **tokenizer_kwargs)
        va_enc = self.tokenizer(va_ctx, va_q, truncation=True, padding=True, **tokenizer_kwargs)

        logging.info(
            f"unanswerable questions, train: {sum(tr_imp)}, dev: {sum(va_imp)}")

        self._set_token_spans(tr_enc, tr_ans)
        self._set_token_spans(va_enc, va_ans)
        return tr_enc, va_enc


class PlausibleSpanPreprocessor(SpanPreprocessor):
    """
    Variant that keeps the plausible spans of unanswerable questions
    """

    def __init__(self):
        super().__init__()

    def get_encodings(self, random_sample_train: float = 0.1, random_sample_val: float = 0.1,
                      **tokenizer_kwargs):
        return super().get_encodings(random_sample_train=random_sample_train, random_sample_val=random_sample_val,
                                     include_impossible=True, **tokenizer_kwargs)


# class AnswerableClassifierPreprocessor(SpanPreprocessor):
#     def __init__(self):
#         super().__init__()
#
#     def get_encodings(self, random_sample_train: float = 0.1, random_sample_val: float = 0.1, **tokenizer_kwargs):
#         """
#         Encodings for the answerable/unanswerable classifier.
#         Only the answerable flag is needed here, not the spans,
#         so the span bookkeeping is skipped.
#         
#
#         Parameters
#         ----------
#         random_sample_train - share of train paragraphs kept
#         random_sample_val - share of dev paragraphs kept
#
#         Returns
#         -------
#         train and dev BatchEncoding objects
#         """
#
#         tr_ctx, tr_q, _, tr_imp = self._read_split(
#             os.path.join(self.folder, 'train-v2.0.json'),
#             frac=random_sample_train, include_impossible=True)
#         va_ctx, va_q, _, va_imp = self._read_split(
#             os.path.join(self.folder, 'dev-v2.0.json'),
#             frac=random_sample_val, include_impossible=True)
#
#         # the pair is packed into one input_ids row with special tokens,
#         # [CLS] and [SEP], the way BERT-style models expect it:
#         # 
#         # [CLS] passage [SEP] question [SEP]
#
#         tr_enc = self.tokenizer(tr_ctx, tr_q, truncation=True, padding=True,
#                                          **tokenizer_kwargs)
#         va_enc = self.tokenizer(va_ctx, va_q, truncation=True, padding=True, **tokenizer_kwargs)
#
#         tr_enc.update({'is_impossible': tr_imp})
#         va_enc.update({'is_impossible': va_imp})
#
#         return tr_enc, va_enc


if __name__ == '__main__':
    logging.basicConfig(level=logging.INFO)
    from transformers import DistilBertModel

    pp = SpanPreprocessor()
    pp = PlausibleSpanPreprocessor()
    tr_enc, va_enc = pp.get_encodings(random_sample_train=0.001, random_sample_val=0.1, return_tensors="pt")

    # decode check
    #    print(pp.tokenizer.decode(tr_enc['input_ids'][0]))

    bb = DistilBertModel.from_pretrained('distilbert-base-uncased', return_dict=True)
    out = bb(**tr_enc)

    print("done")
