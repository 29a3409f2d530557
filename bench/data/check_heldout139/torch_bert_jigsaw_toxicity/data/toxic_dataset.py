import pandas as pd
from torch.utils.data import DataLoader

class CommentTable():
    def __init__(self, train_split: bool):
        which  = "train" if train_split else "test"
        csv_file = f'../data/processed/processed_{which}.csv'
        frame = pd.read_csv(csv_file)

        self.x = frame["comment_text"]
        self.y = frame["target"]
        self.count = len(frame)

    def __getitem__(self, i):
        return self.x[i], self.y[i]

    def __len__(self):
        return self.count

    def arrays(self):
        return self.x.values, self.y.values
