from lib import *

def split_train_test(X,Y,test_size):
    train_X,test_X,train_y,test_y=train_test_split(X,Y,test_size=test_size,random_state=42,stratify = Y)
    return train_X,test_X,train_y,test_y