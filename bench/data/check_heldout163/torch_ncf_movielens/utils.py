# MovieLens download, split and negative sampling into csv files, plus the Dataset.
import zipfile
from torch.utils.data import Dataset
import torch
import os
import pandas  as pd
import numpy as np
from zipfile import ZipFile
import requests
from sklearn.model_selection  import train_test_split
import random
class MovieLens(Dataset):
    def __init__(self,
                 root:str='dataset',
                 file_size:str='small',
                 download:bool=False,
                 train:bool=True,
                 ng_ratio:int=10,
                 )->None:
        super(MovieLens, self).__init__()
        self.root = root
        self.train = train
        self.ng_ratio = ng_ratio

        if file_size =='large':
            self.file_dir='ml-latest'
        else:
            self.file_dir = 'ml-latest-'+file_size

        if download:
            self._download_movielens()
            self.df = self._read_ratings_csv()
            self._train_test_split()

        self._data_label_split()

        self.data, self.target = self._load_data()

    def get_numberof_users_items(self) -> tuple:
        df = self.df
        return df["userId"].max(), df["movieId"].max()

    def _load_data(self):
        data_file = f"{'train' if self.train else 'test'}-dataset-movieLens/dataset.csv"
        data = pd.read_csv(os.path.join(self.root, data_file))
        label_file = f"{'train' if self.train else 'test'}-dataset-movieLens/label.csv"
        targets = pd.read_csv(os.path.join(self.root, label_file))
        print(f"loading {'train' if self.train else 'test'} file Complete!")
        return data, targets

    def __len__(self) -> int:
        return len(self.data)


    def __getitem__(self, index):
        user = torch.LongTensor([self.data.userId.values[index]])
        item = torch.LongTensor([self.data.movieId.values[index]])
        target = torch.FloatTensor([self.target.rating.values[index]])
        return user,item,target

    def _download_movielens(self) -> None:
        file = self.file_dir+'.zip'
        url = ("http://files.grouplens.org/datasets/movielens/"+file)
        req = requests.get(url, stream=True)
        print('Downloading MovieLens dataset')
        if not os.path.exists(self.root):
            os.makedirs(self.root)
        with open(os.path.join(self.root, file), mode='wb') as fd:
            for chunk in req.iter_content(chunk_size=None):
                fd.write(chunk)
        with ZipFile(os.path.join(self.root, file), "r") as zip:
            print("Extracting all the files now...")
            zip.extractall(path=self.root)
            print("Downloading Complete!")

    def _read_ratings_csv(self) -> pd.DataFrame:
        file = self.file_dir+'.zip'
        print("Reading file")
        zipfile = os.path.join(self.root,file)
        if not os.path.isfile(zipfile):
            self._download_movielens()
        fname = os.path.join(self.root, self.file_dir, 'ratings.csv')
        df = pd.read_csv(fname, sep=',').drop(columns=['timestamp'])
        print("Reading Complete!")
        return df

    def _preprocess(self,df) :
        df = df
        total_df = pd.read_csv(os.path.join(self.root,self.file_dir,'ratings.csv'))
        users, items, labels = [], [], []
        user_item_set = set(zip(df['userId'], df['movieId']))
        total_user_item_set = set(zip(total_df['userId'],total_df['movieId']))
        all_movieIds = total_df['movieId'].unique()
        negative_ratio = self.ng_ratio
        for u, i in user_item_set:
            users.append(u)
            items.append(i)
            labels.append(1)
            for i in range(negative_ratio):
                negative_item = np.random.choice(all_movieIds)
                while (u, negative_item) in total_user_item_set:
                    negative_item = np.random.choice(all_movieIds)
                users.append(u)
                items.append(negative_item)
                labels.append(0)
        df = pd.DataFrame(list(zip(users, items, labels)), columns=['userId', 'movieId', 'rating'])
        return df

    def _data_label_split(self) ->None:
        df_dir = os.path.join(self.root,f"{'train' if self.train else 'test'}-dataset-movieLens")
        df = pd.read_csv(df_dir+'.csv',sep=',')
        df = self._preprocess(df)
        if not os.path.isdir(df_dir):
            os.makedirs(df_dir)
        dataset_dir = os.path.join(df_dir, 'dataset.csv')
        label_dir = os.path.join(df_dir, 'label.csv')
        dataset, label = df.iloc[:,:-1], df.iloc[:,[-1]]
        dataset.to_csv(dataset_dir)
        label.to_csv(label_dir)

    def _train_test_split(self) -> None:
        df = self.df.copy()
        print('Spliting Traingset & Testset')
        train, test,dummy_1,dummy_2 = train_test_split(df,df['userId'],test_size=0.2,stratify=df['userId'])
        train_dir = os.path.join(self.root, 'train-dataset-movieLens.csv')
        test_dir = os.path.join(self.root, 'test-dataset-movieLens.csv')
        train.to_csv(train_dir)
        test.to_csv(test_dir)
        print('Spliting Complete!')
