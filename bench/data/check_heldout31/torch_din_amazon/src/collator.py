import torch


class BatchCollator:
    def __init__(self, pad_len: int):
        self.pad_len = pad_len

    def __call__(self, samples_in):
        uids, mids, cats = [], [], []
        hist_mids, hist_cats = [], []
        masks, labels = [], []

        for record in samples_in:
            uids.append(record["uid"])
            mids.append(record["mid"])
            cats.append(record["cat"])

            hist_mid = record["historical_mid"]
            padded_hist_mid, hist_mask = self._pad_to_len(hist_mid, with_mask=True)
            hist_mids.append(padded_hist_mid)

            hist_cat = record["historical_cat"]
            padded_hist_cat = self._pad_to_len(hist_cat)
            hist_cats.append(padded_hist_cat)

            masks.append(hist_mask)
            labels.append(record["label"])

        return {
            "uid": torch.tensor(uids, dtype=torch.long),
            "mid": torch.tensor(mids, dtype=torch.long),
            "cat": torch.tensor(cats, dtype=torch.long),
            "historical_mid": torch.tensor(hist_mids, dtype=torch.long),
            "historical_cat": torch.tensor(hist_cats, dtype=torch.long),
            "mask": torch.tensor(masks, dtype=torch.long),
            "label": torch.tensor(labels, dtype=torch.long)
        }

    def _pad_to_len(self, seq, with_mask=False):
        keep_len = min(self.pad_len, len(seq))
        padded = seq[-keep_len:] + [0] * (self.pad_len - keep_len)
        hist_mask = [1] * keep_len + [0] * (self.pad_len - keep_len)

        return (padded, hist_mask) if with_mask else padded
