"""
    Loaders for iNaturalist-12K (any ImageFolder-style tree).

    build_loaders(root, input_shape=(256, 256), data_aug=True, batch_size=32)
        returns train / validation / test DataLoaders.

    Layout expected under root:
        train/<class>/*.jpg   -> split 80/20 per class into train and validation
        val/<class>/*.jpg     -> used as the test split
"""


from torchvision import transforms,datasets
from tqdm import tqdm
from torch.utils.data import DataLoader

def build_loaders(root,input_shape = (256,256),data_aug=True,batch_size=32):
    """
    Reads root/train and root/val with ImageFolder, resizes (and optionally
    augments) the images, splits train 80/20 per class, and wraps the three
    splits in DataLoaders.
    """

    train_dir = '{}/train/'.format(root)
    test_dir = '{}/val/'.format(root)

    if not data_aug:
        tfm = transforms.Compose([
            transforms.Resize(input_shape),
            transforms.ToTensor(),
            transforms.Normalize(mean=[0.485, 0.456, 0.406], 
                                std=[0.229, 0.224, 0.225])
        ])
    
    elif data_aug:
        tfm = transforms.Compose([
            transforms.Resize(input_shape),
            transforms.RandomHorizontalFlip(),
            transforms.RandomRotation(15),            
            transforms.ToTensor(),
            transforms.Normalize(mean=[0.485, 0.456, 0.406], 
                                 std=[0.229, 0.224, 0.225])
        ])


    all_train = datasets.ImageFolder(train_dir, transform=tfm)
    test_set = datasets.ImageFolder(test_dir, transform=tfm)
    class_names = all_train.classes
    
            
    per_class = {c:[] for c in class_names}

    print('Reading images ....')
    for img, y in tqdm(all_train):
        per_class[class_names[y]].append((img,y))

    train_items = []
    val_items = []

    for y, items in per_class.items():
        
        cut = int(0.8 * len(items))
        train_items.extend(items[:cut])
        val_items.extend(items[cut:])
    
    train_items = DataLoader(train_items, batch_size=batch_size, shuffle=True)
    val_items = DataLoader(val_items, batch_size=batch_size, shuffle=True)
    test_items = DataLoader(test_set, batch_size=batch_size, shuffle=True)

    return train_items, val_items, test_items


    
if __name__ == '__main__':
    build_loaders('./inaturalist_12K/')
