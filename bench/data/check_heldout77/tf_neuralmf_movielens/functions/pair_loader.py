import pandas as pd
import os

import numpy as np


from sklearn.model_selection import train_test_split

class PairLoader():

    def __init__(self,csv_path):
        self.csv_path = csv_path
        ratings = pd.read_csv(os.path.join(self.csv_path), encoding='utf-8')
        self.tr_df, self.te_df = train_test_split(ratings, test_size=0.2, random_state=42, shuffle=True)
        # users of the training part
        self.users = self.tr_df["userId"].unique()
        self.n_users = len(self.users)
        self.user_pos = {u : k for k,u in enumerate(self.users)}
        # movies of the training part
        self.movies = self.tr_df["movieId"].unique()
        self.n_items = len(self.movies)

        self.movie_pos = {m : k for k, m in enumerate(self.movies)}

        #test pairs need a known user and a known movie
        self.te_df = self.te_df[self.te_df["userId"].isin(self.users) & self.te_df["movieId"].isin(self.movies)]

        # arrays for keras
    def train_pairs(self):

        x = pd.DataFrame({'user' : self.tr_df["userId"].map(self.user_pos),
                          'movie': self.tr_df["movieId"].map(self.movie_pos)})
        y = self.tr_df["rating"].astype(np.float32)
        return np.asarray(x), np.asarray(y)

    def test_pairs(self):
        x = pd.DataFrame({'user' : self.te_df["userId"].map(self.user_pos),
                          "movie": self.te_df["movieId"].map(self.movie_pos)})
        y = self.te_df['rating'].astype(np.float32)
        return np.asarray(x),np.asarray(y)
# if __name__ == "__main__":
#     loader = PairLoader("/home/me/projects/NCF/dataset/movielens")
#     x_tr,y_tr = loader.train_pairs()
#     x_te,y_te = loader.test_pairs()
#     print(x_tr)
#     print(y_tr)
#     print(len(x_tr))
#     print(x_te)
#     print(y_te)
#     print(len(x_te))
