from lib import *

def scale_and_encode(X,labels):
    encoder=LabelEncoder()
    Y=encoder.fit_transform(labels)
    Y=to_categorical(Y,2)
    X=np.array(X)
    X=X/255.0
    return X,Y