import pandas as pd
import numpy as np
from sklearn.model_selection import train_test_split
import os

class RatingLoader():
    def __init__(self,path,dataset,test_size):
        print("------------loading ratings------------")
        self.test_size = test_size
        if dataset.endswith(".dat"):
            self.ratings = pd.read_csv(os.path.join(path,dataset), sep='::', header=None, engine='python')
        else : self.ratings = pd.read_csv(os.path.join(path,dataset), encoding = 'utf-8')
        self.ratings.columns = ["userId","movieId","rating","timestamp"]
        print("users:", len(self.ratings.userId.unique()))
        print("items:", len(self.ratings.movieId.unique()))
        self.n_users = len(self.ratings.userId.unique())
        self.n_items = len(self.ratings.movieId.unique())

    def user_rows(self):
        user_by_item = self.ratings.pivot_table(values="rating", index="userId", columns="movieId")
        user_by_item.fillna(0,inplace=True)
        self.user_by_item = np.array(user_by_item)
        tr,te = train_test_split(self.user_by_item,test_size =self.test_size)
        return tr,te

    def item_rows(self):
        item_by_user = self.ratings.pivot_table(values="rating", index="movieId", columns="userId")
        item_by_user.fillna(0,inplace=True)
        self.item_by_user = np.array(item_by_user)
        tr,te = train_test_split(self.item_by_user,test_size =self.test_size)
        return tr,te
