from sklearn.model_selection import train_test_split
import pandas as pd
from data_processing.data_preparation import BoatsDataset
from torch.utils.data import DataLoader

def make_loaders(img_root, ann, batch_size=4):

    fit_names, hold_names = train_test_split(ann['filename'].unique(),test_size=0.1)
    fit_ann, hold_ann = ann[ann['filename'].isin(fit_names)], ann[ann['filename'].isin(hold_names)]

    fit_ds = BoatsDataset(img_root,fit_ann)
    hold_ds = BoatsDataset(img_root,hold_ann)

    fit_dl = DataLoader(fit_ds, batch_size=batch_size, collate_fn=fit_ds.collate_fn)

    hold_dl =  DataLoader(hold_ds, batch_size=batch_size, collate_fn=hold_ds.collate_fn)
    return fit_dl, hold_dl

if __name__=="__main__":

    root = r'D:\data\AerialMaritime\train'
    ann_csv = r'D:\data\AerialMaritime\train\_annotations.csv'
    ann = pd.read_csv(ann_csv)
    f_dl, h_dl = make_loaders(root,ann,1)
    for b in f_dl:
        print(b)
        break

