import torch

from torchvision.io import read_image, decode_image, ImageReadMode
from torchvision.transforms import Resize
import os
class XrayFolderDataset(torch.utils.data.Dataset):


    
    def __init__(self, root_dir):
        super().__init__()
        images_read = []
        labels_read = []

        label_id = 0
        resizer = Resize((128,128))
        for label_dir in os.listdir(root_dir):
            label_dir_path = os.path.join(root_dir,label_dir)
            if os.path.isdir(label_dir_path):
                for file_name in os.listdir(label_dir_path):
                   
                    xray_img = resizer(read_image((os.path.join(label_dir_path, file_name)), ImageReadMode.GRAY))
              
                   
                    xray_img = xray_img.float()
                    xray_img/=255.0
                    
                    images_read.append(xray_img)
                    labels_read.append(label_id)
                label_id+=1
        
        self.images_kept = images_read
        self.labels = torch.Tensor(labels_read).float()
        self.labels = self.labels.view(self.labels.size(0), 1)
        
        
    def __getitem__(self, idx):
        return (self.images_kept[idx], self.labels[idx])
    def __len__(self):
        return len(self.images_kept)






                


