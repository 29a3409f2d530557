import cv2
import random
import glob

# cuts random crops out of the images of a folder
class datacreate:
    def __init__(self):
        self.count = 0
        self.factor = 2

# returns lists of degraded and clean crops
    def datacreate(self,
                folder,        # folder holding the source pictures
                total,         # how many crops to produce
                per_image,     # crops taken from one picture
                crop_h,        # height of a clean crop
                crop_w):

        low_h = crop_h # degraded crop has the same size as the clean one
        low_w = crop_w 

        low_crops = []    # collected degraded crops
        high_crops = []

        pattern = folder + "/*"
        paths = glob.glob(pattern)

        while self.count < total:
            pick = random.randint(0, len(paths) - 1)
            pic = cv2.imread(paths[pick])
            h, w = pic.shape[:2]

            if crop_h > h or crop_w > w:
                break
                
            ycc = cv2.cvtColor(pic, cv2.COLOR_BGR2YCrCb)
            luma = ycc[:, :, 0]      
            blurry = cv2.resize(luma , (int(w // self.factor), int(h // self.factor)), interpolation=cv2.INTER_CUBIC)
            blurry = cv2.resize(blurry , (int(w), int(h)), interpolation=cv2.INTER_CUBIC)

            for k in range(per_image):
                top = random.randint(0, h - low_h)
                left = random.randint(0, w - low_w)

                low_crop = blurry[top : top + low_h, left: left + low_w]
                high_crop = luma[top : top + crop_h, left: left + crop_w]

                low_crops.append(low_crop)
                high_crops.append(high_crop)

                self.count += 1

                if self.count == total:
                    break

        return low_crops, high_crops
