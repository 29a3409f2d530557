from torch.utils.data import Dataset

# (user, item, rating) triples of MovieLens

class RatingTriples(Dataset):

    def __init__(self,ratings):
        super(Dataset,self).__init__()
        self.user_ids = list(ratings['userId'])
        self.item_ids = list(ratings['itemId'])
        self.scores = list(ratings['rating'])

    def __len__(self):
        return len(self.user_ids)

    def __getitem__(self, idx):
        return (self.user_ids[idx],self.item_ids[idx],self.scores[idx])