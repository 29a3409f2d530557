from tensorflow.keras.datasets import fashion_mnist
import numpy as np
import torch
from torchvision import datasets, transforms

# torchvision pipeline for the ViT branch
def preprocess_dataset_VIT(size = (224,224)):
    tfm = transforms.Compose([
        transforms.Resize(size),  # ViT expects 224x224
        transforms.ToTensor(),
    ])
    
    # torchvision copy of Fashion-MNIST
    fm = datasets.FashionMNIST(root='./data', train=True, download=True, transform=tfm)
    return fm

def fashion_dataset():
    (x_tr, y_tr), (x_te, y_te) = fashion_mnist.load_data()
    x_tr = x_tr.astype('float32') / 255.0
    x_te = x_te.astype('float32') / 255.0
    x_tr = np.expand_dims(x_tr, axis=-1)  # (60000, 28, 28, 1)
    x_te = np.expand_dims(x_te, axis=-1)
    return x_tr,y_tr,x_te,y_te
