from torch.utils.data import Dataset
class HeadlineDataset(Dataset):
    def __init__(self, records, tok, head_len: int = 64, body_len:int = 2048):
        self.records = records
        self.tok = tok
        self.head_len = head_len
        self.body_len = body_len

    def __len__(self):
        return len(self.records)

    def __getitem__(self, i: int):
        rec = self.records[i]
        headline = rec["title"]
        head_enc = self.tok(
            headline,
            max_length=self.head_len,
            padding="max_length",
            truncation=True,
            return_attention_mask=True,
            add_special_tokens=True,
            return_tensors="pt"
        )
        targets = head_enc["input_ids"]
        # pad ids become -100 so the loss skips them
        #   the cross-entropy ignore index is -100
        #   so padded target positions add nothing
        targets[targets == 0] = -100 

        body = rec["maintext"]
        body_enc = self.tok(
            body,
            max_length=self.head_len,
            padding="max_length",
            truncation=True,
            return_attention_mask=True,
            add_special_tokens=True,
            return_tensors="pt"
        )

        return {
            #"maintext": body,
            "title": headline,
            "input_ids": body_enc["input_ids"].flatten(),
            "attention_mask": body_enc["attention_mask"].flatten(),
            "labels": targets.flatten(),
            "labels_attention_mask": head_enc["attention_mask"].flatten(),
        }
