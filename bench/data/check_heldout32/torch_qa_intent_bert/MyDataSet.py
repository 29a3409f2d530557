from torch.utils.data import Dataset
import torch
class IntentDataset(Dataset):
    def __init__(self, frame, tokenizer, max_len):
        self.text_tokenizer = tokenizer
        self.max_tokens = max_len
        self.questions = frame['text'].tolist()
        self.intent_labels = frame['label'].tolist()

    def __len__(self):
        return len(self.intent_labels)

    def __getitem__(self, i):
        question = self.questions[i]
        intent = self.intent_labels[i]

        encoded = self.text_tokenizer.encode_plus(
            question,
            add_special_tokens=True,
            max_length=self.max_tokens,
            padding='max_length',
            truncation=True
        )

        token_ids = torch.tensor(encoded['input_ids'])
        token_mask = torch.tensor(encoded['attention_mask'])
        intent = torch.tensor(intent)

        return token_ids, token_mask, intent
