from torchvision import transforms
from PIL import Image
import numpy as np
import torch
import os

image_tensors = []

dir = "jpgs/a/aquarium"
for jpg in os.listdir(dir):
    if jpg.endswith(".jpg"):
        img = Image.open(dir+"/"+jpg)
        img_tensor = transforms.ToTensor()(img)
        if (img_tensor.size(0) == 1):
            img_tensor = torch.cat((img_tensor, img_tensor, img_tensor), dim=0)
        image_tensors.append(img_tensor)

# print(image_tensors[0].size())
# torch.save(image_tensors[0], "first.pt")
# print("saved one")
# torch.save(torch.cat((image_tensors[0], image_tensors[1]), dim=0), "first.pt")
# print("saved two")

# data = image_tensors[0].view(1, 3, 256, 256)
# for i in range(1, 100):
#     data = torch.cat((data, image_tensors[i].view(1, 3, 256, 256)))
# print(data.size())
# torch.save(data, "first.pt")
# print("done")

data = torch.stack(image_tensors).float().detach()
print(data.size())
torch.save(data, "TRAIN.pt")
