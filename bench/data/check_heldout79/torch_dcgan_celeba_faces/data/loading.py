import os
import logging
import shutil
import torch
import torchvision.datasets as dset
import torchvision.transforms as transforms
import torch.utils.data
from PIL import Image

logging.basicConfig(level=logging.INFO, format='%(asctime)s - %(levelname)s - %(message)s')
log = logging.getLogger(__name__)

def image_ok(path):
    try:
        im = Image.open(path)
        im.verify()
        im.close()
        return True
    except Exception as e:
        log.warning(f"Broken image {path}: {str(e)}")
        return False

def fetch_from_kagglehub(dataroot, max_images=None):
    """
    Returns:
        True when the copy worked, else False
    """
    try:
        import kagglehub
        log.info("Fetching CelebA from KaggleHub...")
        hub_path = kagglehub.dataset_download("jessicali9530/celeba-dataset")
        
        inner_dir = os.path.join(hub_path, "img_align_celeba", "img_align_celeba")
        if not os.path.exists(inner_dir):
            log.error(f"Unexpected layout, nothing at {inner_dir}")
            return False
            
        dest_dir = os.path.join(dataroot, "img_align_celeba")
        os.makedirs(dest_dir, exist_ok=True)
        
        jpgs = [f for f in os.listdir(inner_dir) if f.endswith('.jpg')]
        log.info(f"{len(jpgs)} images in the KaggleHub copy")
        
        if not jpgs:
            log.error("The download holds no jpg files")
            return False
            
        # copy the readable images
        n_copied = 0
        for name in jpgs:
            if max_images is not None and n_copied >= max_images:
                break
                
            src = os.path.join(inner_dir, name)
            if image_ok(src):
                shutil.copy(src, os.path.join(dest_dir, name))
                n_copied += 1
                if n_copied % 1000 == 0:
                    log.info(f"{n_copied} images copied...")
            else:
                log.warning(f"Skipped unreadable image: {name}")
                
        log.info(f"{n_copied} images copied to {dest_dir}")
        return True
        
    except ImportError:
        log.error("kagglehub is missing; pip install kagglehub")
        return False
    except Exception as e:
        log.error(f"KaggleHub copy failed: {str(e)}")
        return False

def build_face_dataset(dataroot, image_size=64, use_kagglehub=False, max_images=None, augment=False):
    if use_kagglehub:
        ok = fetch_from_kagglehub(dataroot, max_images)
        if not ok:
            log.warning("KaggleHub copy failed, looking for local files...")
    
    faces_dir = os.path.join(dataroot, "img_align_celeba")
    if not os.path.exists(faces_dir):
        log.error(f"No folder {faces_dir}")
        return None
        
    # transforms
    if augment:
        from data.augment import train_augmentation
        transform = train_augmentation(image_size)
        log.info("Augmentation on")
    else:
        transform = transforms.Compose([
            transforms.Resize(image_size),
            transforms.CenterCrop(image_size),
            transforms.ToTensor(),
            transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5)),
        ])
        log.info("Plain transforms")
    
    try:
        faces = dset.ImageFolder(root=dataroot, transform=transform)
        log.info(f"Data set of {len(faces)} images")
        
        if max_images is not None and max_images < len(faces):
            from torch.utils.data import Subset
            import random
            keep = random.sample(range(len(faces)), max_images)
            faces = Subset(faces, keep)
            log.info(f"Kept {max_images} images")
            
        return faces
    except Exception as e:
        log.error(f"Could not build the data set: {str(e)}")
        return None

def make_loader(faces, batch_size=128, workers=2):
    if faces is None:
        log.error("No data set, no loader")
        return None
        
    loader = torch.utils.data.DataLoader(
        faces, 
        batch_size=batch_size,
        shuffle=True, 
        num_workers=workers
    )
    return loader
