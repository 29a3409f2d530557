import numpy as np



def read_arrays(root="dataset",device_name="washer"):
    x_tr = np.load(root+device_name+"/X_train_seg.npy")
    y_tr = np.load(root+ device_name + "/y_train_seg.npy")
    x_te = np.load(root + device_name + "/X_test_seg.npy")
    y_te = np.load(root + device_name + "/y_test_seg.npy")
    aggregate = np.load(root + device_name + "/Main.npy")
    return x_tr,y_tr,x_te,y_te,aggregate
