import os
from typing import List, Tuple
import os
import cv2
from typing import List, Tuple

def load_image_cv2(image_path: str, color: str = 'grayscale'):
    """
    Read one picture with OpenCV.
    Args:
        image_path (str): file to read.
        color (str): 'grayscale' or 'color'.
    Returns:
        pic (np.ndarray): decoded picture.
    """
    if color == 'grayscale':
        pic = cv2.imread(image_path, cv2.IMREAD_GRAYSCALE)
    else:
        pic = cv2.imread(image_path, cv2.IMREAD_COLOR)
    if pic is None:
        raise FileNotFoundError(f"No picture at: {image_path}")
    return pic

def scan_image_folder(root_dir: str, allowed_exts: Tuple[str] = ('.png', '.jpg', '.jpeg')) -> Tuple[List[str], List[str]]:
    """
    Walk one level of class folders and list picture files with their folder name.
    """
    files = []
    tags = []
    for tag in os.listdir(root_dir):
        sub = os.path.join(root_dir, tag)
        if not os.path.isdir(sub):
            continue
        for fname in os.listdir(sub):
            if fname.lower().endswith(allowed_exts):
                files.append(os.path.join(sub, fname))
                tags.append(tag)
    return files, tags
