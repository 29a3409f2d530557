import numpy as np
def normalized_feature(flat):
    unit = flat/np.linalg.norm(flat,axis=1, keepdims=True)
    return unit
def extract_resnet_feature(net,batch):
    raw = net.extract_feat(batch)
    unit = normalized_feature(raw)
    return unit

def extract_autoencoder_feature(net,batch):
    # if len(batch.shape)<=3:
    #     codes = net.predict(np.expand_dims(batch, axis=0))
    #     # codes = normalized_feature(codes)
    # else:
    codes = net.predict(batch)
    codes = codes.reshape((codes.shape[0], -1))
    unit = normalized_feature(codes)
    return unit
def extract_siamese_feature(net,batch):
    raw = net.predict(batch)
    unit = normalized_feature(raw)
    return unit

def extract_vit_feature(net,batch):
    raw = net.extract_feature(batch)
    unit = normalized_feature(raw)
    return unit
