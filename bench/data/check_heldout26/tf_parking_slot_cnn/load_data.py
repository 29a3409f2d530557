from lib import *




def label_for(img_file,label):
    return label

def read_slot_images(images,labels,label,folder,img_size):
    for img_file in tqdm(os.listdir(folder)):
        label=label_for(img_file,label)
        path = os.path.join(folder,img_file)
        img = cv2.imread(path,cv2.IMREAD_COLOR)
        img = cv2.resize(img, (img_size,img_size))
        
        images.append(np.array(img))
        labels.append(str(label))

