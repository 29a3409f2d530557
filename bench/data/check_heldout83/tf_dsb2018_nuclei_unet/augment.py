import cv2
import numpy as np

class FlipRotCrop():
    def __init__(self, arr):
        if arr.shape[-1] == 1:
            self.arr = np.reshape(arr, arr.shape[:-1])
            self.augment()
            self.aug_array = np.reshape(self.aug_array, self.aug_array.shape + (1,))
        else: 
            self.arr = arr
            self.augment()
        

    def flip(self, arr, vertical=True, horizontal=True):
        if vertical and horizontal:
            code = -1
        elif horizontal:
            code = 1
        elif vertical:
            code = 0
        else: code=None
        
        if not(code):
            print('no flip requested, returning the input.')
            return arr
        else:
            return cv2.flip(arr, flipCode=code)
        
        
    def turn180(self, arr):

        return cv2.rotate(arr, cv2.ROTATE_180)    


    def zoom_center(self, arr, frac=0.5):
        # cut the middle part
        w, h = arr.shape[0], arr.shape[1]
        cx, cy = np.int(np.floor(w/2)), np.int(np.floor(h/2)) 
        hw, hh = np.int(w*frac/2), np.int(h*frac/2)
        piece = np.array(arr[cx-hw:cx+hw, cy-hh:cy+hh], dtype='uint8')
        # back to full size
        return cv2.resize(piece, arr.shape)


    def augment(self):
        # three transformed copies next to the originals
        arr = self.arr
        flipped = np.array([self.flip(arr[k, :, :]) for k in range(arr.shape[0])])        
        turned = np.array([self.turn180(arr[k, :, :]) for k in range(arr.shape[0])])        
        zoomed = np.array([self.zoom_center(arr[k, :, :]) for k in range(arr.shape[0])])

        self.aug_array = np.concatenate((arr, flipped, turned, zoomed), axis=0)       
