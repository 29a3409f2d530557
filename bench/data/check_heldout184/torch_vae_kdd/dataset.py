import torch
import pandas as pd
import  numpy as np

from abc import ABC, abstractmethod
from sklearn.preprocessing import StandardScaler
from torch.utils.data import TensorDataset 
from typing import Tuple

import torchvision
import torchvision.transforms as transforms
from torch.utils.data import TensorDataset

from helper_classes import LabelsKDD1999, LabelsMNIST

class IDataset(ABC):

    @abstractmethod
    def get_data(self) -> TensorDataset:
        pass     

    @abstractmethod
    def load(self):
        pass 

    @abstractmethod
    def normalize(self):
        pass 

    @abstractmethod
    def to_tensor_dataset(self) -> TensorDataset:
        pass

    @abstractmethod
    def get_anomaly_train_test(self, 
                X_train:np.ndarray,
                y_train:np.ndarray,
                X_test:np.ndarray,
                y_test:np.ndarray
                ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """keep the chosen anomaly class out of train and move it into test"""
        pass

class DatasetMNIST(IDataset):
    def __init__(self, is_debug=True) -> None:
        super().__init__()
        self.is_debug = is_debug
        pass 

    def get_data(
            self, 
            anomaly_class:LabelsMNIST = LabelsMNIST.Two
        ) -> Tuple[TensorDataset,TensorDataset]:
        print(f'LOADING DATA (anomaly class = {anomaly_class.value}):') if self.is_debug else ''

        train_dataset, test_dataset = self.load()
        X_train, y_train = self.reshape(train_dataset)
        X_test, y_test = self.reshape(test_dataset)

        X_train, y_train, X_test, y_test = self.get_anomaly_train_test(
            X_train, y_train, 
            X_test, y_test, 
            anomaly_class=anomaly_class)
    
        X_train, X_test = self.normalize(X_train, X_test)

        dataset_train:TensorDataset = self.to_tensor_dataset(X_train, y_train) 
        dataset_test:TensorDataset = self.to_tensor_dataset(X_test, y_test)

        print('\t\t(✓) loaded data\n') if self.is_debug else ''
        return dataset_train, dataset_test
    
    def load(self) -> Tuple[torch.utils.data.Dataset, torch.utils.data.Dataset]:
        transform = transforms.Compose([
            transforms.ToTensor(),
            transforms.Normalize((0.5,), (0.5,))
        ])
        train_dataset = torchvision.datasets.MNIST(root='../../data', train=True, transform=transform, download=True)
        test_dataset = torchvision.datasets.MNIST(root='../../data', train=False, transform=transform, download=True)

        print('\t\t(✓) downloaded data (train & test)') if self.is_debug else ''
        return train_dataset, test_dataset

    def reshape(self, dataset) -> Tuple[np.ndarray,np.ndarray]:
        y = dataset.targets
        X = dataset.data
        X = X.view(-1, 1, 28, 28)
        print('\t\t(✓) reshaped X for train/test') if self.is_debug else ''
        return X,y

    def normalize(self, X_train:np.ndarray, X_test:np.ndarray) -> Tuple[np.ndarray,np.ndarray]:
        """scale pixel values into [0, 1]"""

        X_train_new = X_train / 255
        X_test_new = X_test / 255

        print(f'\t\t(✓) normalized pixel range from [{X_train.min()}, {X_train.max()}] to[{X_train_new.min()}, {X_train_new.max()}]') if self.is_debug else ''

        return X_train_new, X_test_new

    def get_anomaly_train_test(self, 
                X_train:np.ndarray,
                y_train:np.ndarray,
                X_test:np.ndarray,
                y_test:np.ndarray,
                anomaly_class:LabelsMNIST
                ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """keep the chosen anomaly class out of train and move it into test"""

        X_test = torch.cat([X_test, X_train[y_train == anomaly_class.value]], dim=0)
        y_test = torch.cat([y_test, y_train[y_train == anomaly_class.value]], dim=0)

        X_train = X_train[y_train != anomaly_class.value]
        y_train = y_train[y_train != anomaly_class.value]

        print(f'\t\t(✓) Training set only contains NORMALS, NO ANOMALIES CLASS {anomaly_class.value}.') if self.is_debug else ''
        print(f'\t\t\tlabels:\t{y_train.unique().tolist()}') if self.is_debug else ''
        print(f'\t\t(✓) Test set contains NORAMLS and ANOMALY CLASS {anomaly_class.value}.') if self.is_debug else ''
        print(f'\t\t\tlabels:\t{y_test.unique().tolist()}') if self.is_debug else ''

        return X_train, y_train, X_test, y_test
    
    def to_tensor_dataset(self, X:np.ndarray,y:np.ndarray ) -> TensorDataset:
        tensor_dataset:TensorDataset = TensorDataset(X,y)
        print('\t\t(✓) casted X,y to TensorDataset for train/test') if self.is_debug else ''
        return tensor_dataset

        
class DatasetKDD(IDataset):
    def __init__(self, is_debug=True) -> None:
        super().__init__()
        self.is_debug = is_debug
        pass 

    def get_data(self, anomaly_class:LabelsKDD1999) -> [TensorDataset, TensorDataset]:
        print('LOADING DATA:') if self.is_debug else ''
        df:pd.DataFrame = self.load()
        df = self.fix_dtypes(df)
        df = self.normalize(df)
        df = self.one_hot_encoding(df)

        df = df.dropna(subset=['Attack Type'])

        df_train:pd.DataFrame = df.sample(frac=0.8, random_state=42)
        df_test:pd.DataFrame = df.drop(df_train.index)

        df_train, df_test = self.get_anomaly_train_test(df_train, df_test, anomaly_class)
    
        X_train, y_train_encoded = self.get_X_Yencoded(df_train)
        X_test, y_test_encoded = self.get_X_Yencoded(df_test)

        dataset_train:TensorDataset = self.to_tensor_dataset(X_train, y_train_encoded)
        dataset_test:TensorDataset = self.to_tensor_dataset(X_test, y_test_encoded)

        print('\t\t(✓) loaded data\n') if self.is_debug else ''
        return dataset_train, dataset_test
     
    def load(self) -> pd.DataFrame:
        """read the KDD Cup 99 10% file and attach column names and attack types"""

        df = pd.read_csv('../../data/kddcup.data_10_percent.gz', header=None)
        cols = pd.read_csv('../../data/kddcup.names',header=None)
        print('\t\t(✓) downloaded labeled data') if self.is_debug else ''
        
        if cols[0][0] == 'back':
            cols = cols.drop(cols.index[0])
            cols.reset_index(drop=True, inplace=True)

        cols = cols.dropna(axis=1)
         
        cols[[0,1]] = cols[0].str.split(':',expand = True)

        names = cols[0].tolist()
        names.append('label')
        df.columns = names

        df['label'] = df['label'].str.replace('.', '', regex=False)
        df.groupby(['label']).size().sort_values()

        df_attack_types = pd.read_csv('../../data/training_attack_types')
        print('\t\t(✓) downloaded attack type data') if self.is_debug else ''

        df_temp = pd.DataFrame(columns=['Attack','Type'])
        df_temp[['Attack','Type']] = df_attack_types['back dos'].str.split(' ', expand=True)

        row_normal = pd.DataFrame({'Attack': 'normal', 'Type':'normal'}, index=[0])
        df_temp = pd.concat([df_temp, row_normal], ignore_index=True)

        df['Attack Type'] = df['label'].map(df_temp.set_index('Attack')['Type'])

        cols = list(df.columns)
        cols.insert(0, cols.pop(cols.index('Attack Type')))
        df = df.loc[:, cols]
        cols.insert(1, cols.pop(cols.index('label')))
        df = df.loc[:, cols]
        return df 

    def fix_dtypes(self, df:pd.DataFrame)-> pd.DataFrame:
        """cast the categorical-but-numeric columns to str"""
        cols_categorical = ['protocol_type', 'service', 'flag', 'land', 'logged_in', 'is_host_login', 'is_guest_login']
        df[cols_categorical] = df[cols_categorical].astype(str)
        print(f'''\t\t(✓) fixed dtypes (int -> str) 
        \twith len =\t\t{len(df.select_dtypes(exclude=[float, int]).columns )} 
        \twith columns =\t{df.select_dtypes(exclude=[float, int]).columns.values}''') if self.is_debug else ''
        return df

    def normalize(self, df:pd.DataFrame)-> pd.DataFrame:
        """min-max scale every numeric column"""
     
        df_numerical = df.select_dtypes(include=[float, int])
        
        min_max_scaler = lambda x: (x - x.min()) / (x.max() - x.min()) if (x.max() - x.min()) != 0 else x
        df_normalized = df_numerical.apply(min_max_scaler)
        
        df[df_normalized.columns] = df_normalized

        print('\t\t(✓) normalized numerical columns into [0, 1] range') if self.is_debug else ''
        return df

        

    def one_hot_encoding(self,df:pd.DataFrame)-> pd.DataFrame:
        df_no_ylabel = df.iloc[:, 2::1]
        non_number_cols = df_no_ylabel.select_dtypes(exclude=[float, int]).columns
        df_encoded = pd.get_dummies(df_no_ylabel, columns=non_number_cols).astype(float)

        df = pd.concat([df.iloc[:, 0:2:1], df_encoded], axis=1)
        print('\t\t(✓) one-hot encoded categorical columns') if self.is_debug else ''

        return df 

    def get_X_Yencoded(self, df:pd.DataFrame)-> Tuple[np.ndarray,np.ndarray]:
        """features as a numpy array, attack type mapped to its integer code"""
        X:pd.DataFrame = df.iloc[:, 2:]
        y:pd.DataFrame = df.iloc[:, :1]

        X:np.ndarray = X.values 

        y_encoded:np.ndarray = y['Attack Type'].map(
            {class_label.value.label : class_label.value.encoded for class_label in LabelsKDD1999}).values

        print('\t\t(✓) casted DataFrame into X, y (y is one-hot encoded)') if self.is_debug else ''
        return X,y_encoded
        
    def get_anomaly_train_test(
            self,
            df_train:pd.DataFrame,
            df_test:pd.DataFrame,
            anomaly_class:LabelsKDD1999                   
        ) -> Tuple[pd.DataFrame, pd.DataFrame]:
        """keep the chosen anomaly class out of train and move it into test"""
        
        df_test = pd.concat([df_test, df_train[df_train['Attack Type'] == anomaly_class.value.label]], ignore_index=True)

        df_train = df_train[df_train['Attack Type'] != anomaly_class.value.label]

        print(f'\t\t(✓) Training set only contains NORMALS, NO ANOMALIES CLASS {anomaly_class.value.label}.') if self.is_debug else ''
        print(f'\t\t\tlabels:\t{df_train["Attack Type"].unique().tolist()}') if self.is_debug else ''
        print(f'\t\t(✓) Test set contains NORAMLS and ANOMALY CLASS {anomaly_class.value.label}.') if self.is_debug else ''
        print(f'\t\t\tlabels:\t{df_test["Attack Type"].unique().tolist()}') if self.is_debug else ''
        return df_train, df_test

    def to_tensor_dataset(self, X:np.ndarray, y:np.ndarray) -> TensorDataset:
        """wrap X, y as float32 tensors in a TensorDataset"""
        X_tensor:torch.Tensor = torch.tensor(X, dtype=torch.float32)
        y_tensor:torch.Tensor  = torch.tensor(y, dtype=torch.float32)

        X_tensor = X_tensor.float()
        y_tensor = y_tensor.float()

        dataset:TensorDataset = TensorDataset(X_tensor, y_tensor)
        print('\t\t(✓) casted X,y to TensorDataset') if self.is_debug else ''
        return dataset

def main() -> None:
    kdd:DatasetKDD = DatasetKDD()
    df:pd.DataFrame = kdd.get_data()
    print('\n')
    print(df.head())

if __name__ == "__main__":
    main()