import os
from CNN import CNN
from openread import combine_normal, combine_attack, clean_null_rows, common_type
import pandas as pd

def build_table():
    if os.path.isfile('df.csv'):
        table = pd.read_csv('df.csv', low_memory=False)
    else:
        if os.path.isfile('normal.csv'):
            benign = pd.read_csv('normal.csv', low_memory=False)
        else:
            benign = combine_normal()
            benign.to_csv('normal.csv', index=False)

        if os.path.isfile('attack.csv'):
            hostile = pd.read_csv('attack.csv', low_memory=False)
        else:
            hostile = combine_attack()
            hostile.to_csv('attack.csv', index=False)

        table = pd.concat([benign, hostile], ignore_index=True)
        table = clean_null_rows(table)
        table = common_type(table)
        table.to_csv('df.csv', index=False)

    return table

if __name__ == "__main__":
    table = build_table()
    clf = CNN(table)
    clf.train(10, 24)
   
    
