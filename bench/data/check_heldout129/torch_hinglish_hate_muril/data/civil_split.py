import pandas as pd
import numpy as np
from data.clean import clean_post


train_df=pd.read_csv('./Dataset/Civil/civil-comments-train.csv')
val_df=pd.read_csv('./Dataset/Civil/civil-comments-val.csv')
test_df=pd.read_csv('./Dataset/Civil/civil-comments-test.csv')


train_df['Text'] = train_df['Text'].apply(clean_post)
val_df['Text'] = val_df['Text'].apply(clean_post)
test_df['Text'] = test_df['Text'].apply(clean_post)

train_df = train_df[~(train_df.Text == ' ')]
val_df = val_df[~(val_df.Text == ' ')]
test_df = test_df[~(test_df.Text == ' ')]


train_df.reset_index(drop=True, inplace=True)
val_df.reset_index(drop=True, inplace=True)
test_df.reset_index(drop=True, inplace=True)


# (debug slices were here, left disabled)
