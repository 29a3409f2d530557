from torch.utils.data import Dataset
from data_init import SplitMaker
import os
import pandas as pd
import pathlib
import numpy as np
import matplotlib.pyplot as plt
from torchvision import transforms


class FaceKeypointTable(Dataset):

    def __init__(self,train=False,val=False,test=False,remake_file=True,transform=None):
        if remake_file:
            SplitMaker()
        if train:
            table_name="train_data.csv"
            print("train table read")
        elif val:
            table_name="val_data.csv"
            print("validation table read")
        elif test:    
            table_name="test_data.csv" 
            print("test table read")
        else:
            print("no split chosen")

        self.transform=transforms.Compose([transforms.ToTensor()])    

        base=pathlib.Path().absolute()
        table_path=os.path.join(base,"Datasets" ,table_name)
        self.table=pd.read_csv(table_path)
        

    def _picture(self,idx):
        txt=self.table.loc[idx]['Image']
        pic=np.array([int(v) for v in txt.split()]).reshape(96,96)
        pic=pic#/255
        return pic


    def _points(self,idx):
        pt_cols=list(self.table.columns[1:-1])
        row=self.table.iloc[idx][pt_cols]
        pts=np.array(row).reshape(6,1).astype(int)
        pts=pts.reshape(3,2)
        pts=pts#/96
        return pts

    def show_plot(self,idx):
        pic=self._picture(idx)
        #pic=pic/255
        #pic=pic.reshape(96,96)
        pts=self._points(idx)
        pts=pts.reshape(3,2)
        plt.imshow(pic,cmap='gray')
        plt.scatter(pts[:,0],pts[:,1],marker='+')


    def __len__(self):
        return self.table.shape[0]


    def __getitem__(self,idx):
        pic=self._picture(idx)
        pic=np.expand_dims(pic, axis=2).astype(np.uint8)
        pts=self._points(idx)
        pts=pts/96
        return {'image':self.transform(pic),'keypoints':self.transform(pts)}


    def test_plot(self,idx,outputs_test):
        pic=self._picture(idx)
        pts=self._points(idx)
        pts=pts.reshape(3,2)
        guess=outputs_test*96
        plt.figure(figsize=(5,5))
        plt.imshow(pic,cmap='gray')
        plt.scatter(pts[:,0],pts[:,1],marker='+',label='Ground truth')
        plt.scatter(guess[:,0],guess[:,1],marker='*',label='Prediction')
        plt.legend()
        plt.savefig(str(idx)+".png", bbox_inches='tight')






