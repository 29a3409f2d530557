import torch

from src.training.metrics import compute_bleu, compute_chrf, compute_rouge_l


class Evaluator:
    """see module notes"""

    def __init__(self, model, src_vocab, tgt_vocab):
        self.model = model
        self.src_vocab = src_vocab
        self.tgt_vocab = tgt_vocab

    def translate_sentence(self, text, max_len=50):
        prev_mode = self.model.training
        self.model.eval()
        dev = next(self.model.parameters()).device

        with torch.no_grad():
            ids = [self.src_vocab.SOS_IDX] + self.src_vocab.numericalize(text) + [self.src_vocab.EOS_IDX]
            src_t = torch.tensor(ids, dtype=torch.long, dev=dev)

            outs, attw = self.model(
                src_tokens=src_t,
                tgt_tokens=None,
                teacher_forcing_ratio=0.0,
                max_len=max_len,
            )

            words = []
            for o in outs:
                tid = o.argmax(dim=-1).item()
                if tid == self.tgt_vocab.EOS_IDX:
                    break
                if tid in (self.tgt_vocab.SOS_IDX, self.tgt_vocab.PAD_IDX):
                    continue
                words.append(self.tgt_vocab.idx2word.get(tid, self.tgt_vocab.UNK_TOKEN))

        if prev_mode:
            self.model.train()
        return words, attw

    def evaluate_dataset(self, pairs, max_samples=None, max_len=50):
        if max_samples is not None:
            pairs = pairs[:max_samples]

        if len(pairs) == 0:
            print("[eval] nothing to score")
            return {"bleu": 0.0, "rouge_l": 0.0, "chrf": 0.0}

        sums = {"bleu": 0.0, "rouge_l": 0.0, "chrf": 0.0}
        shown = []

        for src_s, tgt_s in pairs:
            pred, _a = self.translate_sentence(src_s, max_len=max_len)
            gold = self.tgt_vocab.tokenizer.tokenize(tgt_s)
            sums["bleu"] += compute_bleu(pred, gold)
            sums["rouge_l"] += compute_rouge_l(pred, gold)
            sums["chrf"] += compute_chrf(pred, gold)
            if len(shown) < 3:
                shown.append({"src": src_s, "ref": tgt_s, "hyp": " ".join(pred)})

        out = {key: val / max(len(pairs), 1) for key, val in sums.items()}
        out["examples"] = shown
        print(
            f"[Eval] BLEU={out['bleu']:.4f} | "
            f"ROUGE-L={out['rouge_l']:.4f} | chrF={out['chrf']:.4f}"
        )
        return out
