import pandas as pd
import numpy as np
from sklearn.model_selection import train_test_split
from model import HeadlineNet
from dataset import HeadlineSet
from train import fit_classifier

def run():
    # read the news records
    records = pd.read_json('data1.json', lines=True)
    records['text'] = records['headline'] + ' ' + records['short_description']
    
    # categories to integer ids
    topics = records['category'].unique()
    topic_ids = {t: j for j, t in enumerate(topics)}
    records['label'] = records['category'].map(topic_ids)
    
    # train / validation split
    tr_text, va_text, tr_y, va_y = train_test_split(
        records['text'].values, 
        records['label'].values,
        test_size=0.2,
        random_state=42
    )
    
    # torch datasets
    tr_set = HeadlineSet(tr_text, tr_y)
    va_set = HeadlineSet(va_text, va_y)
    
    # network
    net = HeadlineNet(num_classes=len(topics))
    
    # fit
    fitted = fit_classifier(
        model=net,
        train_dataset=tr_set,
        val_dataset=va_set,
        num_epochs=5,
        batch_size=32
    )
    
    print("finished fitting")

if __name__ == "__main__":
    run()
