from torch.utils.data import Dataset

class NewsTextDataset(Dataset):
    def __init__(self, frame_df, text_tokenizer):
        pad_len = 256
        self.encoded_texts = [text_tokenizer(sentence,
                                padding='max_length',  # pad every title to the same width
                                max_length=pad_len,  # titles are at most ~35 tokens long
                                truncation=True,
                                return_tensors="pt")
                      for sentence in frame_df['text']]
        # each entry is already a dict of tensors
        self.label_list = [label_value for label_value in frame_df['label']]

    def __getitem__(self, index):
        return self.encoded_texts[index], self.label_list[index]

    def __len__(self):
        return len(self.label_list)