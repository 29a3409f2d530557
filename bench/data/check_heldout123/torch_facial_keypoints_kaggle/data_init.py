#Builds the train, validation and test tables
#out of the csv files from Kaggle

import os
import pathlib
import pandas as pd
import numpy as np

class SplitMaker():

    def __init__(self):

        #train and validation
        #train table

        src_name="train_orginal.csv"
        src_root=pathlib.Path().absolute()
        src_path=os.path.join(src_root,"Datasets" ,src_name)
        fit_df=pd.read_csv(src_path)
        dropped=[]

        #drop the columns with fewer than 7000 values
        for col in fit_df.keys():
            if (fit_df[col].count())<7000:
                dropped.append(col)
                del fit_df[col]
                
        del fit_df["nose_tip_x"]
        del fit_df["nose_tip_y"]
        dropped.append("nose_tip_x")
        dropped.append("nose_tip_y")        
        fit_df=fit_df.dropna()
        fit_df=fit_df.reset_index(drop=True) 

        #validation table

        pick=np.random.choice(7000,1000,replace=False)
        check_df = fit_df.iloc[pick] 
        fit_df=fit_df.drop(pick)


        tst_name="test_orginal.csv"
        tst_root=pathlib.Path().absolute()
        tst_path=os.path.join(tst_root,"Datasets" ,tst_name)
        tst_df=pd.read_csv(tst_path)
        for col in dropped:
            del tst_df[col]
            
        tst_df=tst_df.dropna()
        #tst_df=tst_df.reset_index(drop=True) 


        #write the three tables as csv
        out_root=pathlib.Path().absolute()
        fit_out=os.path.join(out_root,"Datasets" ,"train_data.csv")
        fit_df.to_csv(fit_out)
        check_out=os.path.join(out_root,"Datasets" ,"val_data.csv")
        check_df.to_csv(check_out)
        tst_out=os.path.join(out_root,"Datasets" ,"test_data.csv")
        tst_df.to_csv(tst_out)

        print("tables written")
