"""msg 1


"""

"""msg 2"""
import numpy as np
import pickle
import cv2
from os import listdir
from sklearn .preprocessing import LabelBinarizer
from keras .models import Sequential
from tensorflow .keras .layers import BatchNormalization
from keras .layers .convolutional import Conv2D
from keras .layers .convolutional import MaxPooling2D
from keras .layers .core import Activation ,Flatten ,Dropout ,Dense
from keras import backend as K
from keras .preprocessing .image import ImageDataGenerator
from keras .optimizers import Adam
from tensorflow .keras .utils import img_to_array
from sklearn .model_selection import train_test_split
import matplotlib .pyplot as plt


"""msg 3"""
N_EPOCHS =50
LR0 =1e-3
BATCH =32
target_hw =tuple ((256 ,256 ))
n_loaded =0
leaf_root ='dataset'
W =256
H =256
C =3


"""msg 4"""
def read_leaf (img_file ):
    try :
        pic =cv2 .imread (img_file )
        if pic is not None :
            pic =cv2 .resize (pic ,target_hw )
            return img_to_array (pic )
        else :
            return np .array ([])
    except Exception as err :
        print (f"msg 5: {err}")
        return None


"""msg 6"""
leaf_arrays ,leaf_names =[],[]
try :
    print ("msg 7")
    class_dirs =listdir (leaf_root )

    for cls_dir in class_dirs :
        print (f'msg 8: {cls_dir}')
        files_in_cls =listdir (f"{leaf_root}/{cls_dir}/")
        for pic in files_in_cls [:100 ]:
            full_path =f"{leaf_root}/{cls_dir}/{pic}"
            if full_path .endswith (".jpg")is True or full_path .endswith (".JPG")is True :
                leaf_arrays .append (read_leaf (full_path ))
                leaf_names .append (cls_dir )

    print ("msg 9")
except Exception as err :
    print (f"msg 10: {err}")


"""msg 11"""
n_loaded =len (leaf_arrays )
print (f'msg 12: {n_loaded}')


"""msg 13"""
lb =LabelBinarizer ()
y_onehot =lb .fit_transform (leaf_names )
pickle .dump (lb ,open ('label_transform.pkl','wb'))
n_cls =len (lb .classes_ )


"""msg 14"""
print (f'msg 15: {lb.classes_}')


"""msg 16"""
X_all =np .array (leaf_arrays ,dtype =np .float16 )/225.0


"""msg 17"""
print ("msg 18")
X_tr ,X_te ,Y_tr ,Y_te =train_test_split (X_all ,y_onehot ,test_size =0.2 ,random_state =42 )


"""msg 19"""
augmenter =ImageDataGenerator (
    rotation_range =25 ,width_shift_range =0.1 ,
    height_shift_range =0.1 ,shear_range =0.2 ,
    zoom_range =0.2 ,horizontal_flip =True ,
    fill_mode ="nearest")


"""msg 20"""
cnn =Sequential ()
in_shape =(H ,W ,C )
ch_axis =-1
if K .image_data_format ()=="channels_first":
    in_shape =(C ,H ,W )
    ch_axis =1
cnn .add (Conv2D (32 ,(3 ,3 ),padding ="same",input_shape =in_shape ))
cnn .add (Activation ("relu"))
cnn .add (BatchNormalization (axis =ch_axis ))
cnn .add (MaxPooling2D (pool_size =(3 ,3 )))
cnn .add (Dropout (0.25 ))
cnn .add (Conv2D (64 ,(3 ,3 ),padding ="same"))
cnn .add (Activation ("relu"))
cnn .add (BatchNormalization (axis =ch_axis ))
cnn .add (Conv2D (64 ,(3 ,3 ),padding ="same"))
cnn .add (Activation ("relu"))
cnn .add (BatchNormalization (axis =ch_axis ))
cnn .add (MaxPooling2D (pool_size =(2 ,2 )))
cnn .add (Dropout (0.25 ))
cnn .add (Conv2D (128 ,(3 ,3 ),padding ="same"))
cnn .add (Activation ("relu"))
cnn .add (BatchNormalization (axis =ch_axis ))
cnn .add (Conv2D (128 ,(3 ,3 ),padding ="same"))
cnn .add (Activation ("relu"))
cnn .add (BatchNormalization (axis =ch_axis ))
cnn .add (MaxPooling2D (pool_size =(2 ,2 )))
cnn .add (Dropout (0.25 ))
cnn .add (Flatten ())
cnn .add (Dense (1024 ))
cnn .add (Activation ("relu"))
cnn .add (BatchNormalization ())
cnn .add (Dropout (0.5 ))
cnn .add (Dense (n_cls ))
cnn .add (Activation ("softmax"))
cnn .summary ()


"""msg 21"""
adam =Adam (lr =LR0 ,decay =LR0 /N_EPOCHS )
cnn .compile (loss ="categorical_crossentropy",optimizer =adam ,metrics =["accuracy"])
print ("msg 22")


"""msg 23"""
hist =cnn .fit (
    augmenter .flow (X_tr ,Y_tr ,batch_size =BATCH ),
    validation_data =(X_te ,Y_te ),
    steps_per_epoch =len (X_tr )//BATCH ,
    epochs =N_EPOCHS ,verbose =1
)
print (hist .history )


"""msg 24"""
print ("msg 25")
ev =cnn .evaluate (X_te ,Y_te )
print (f"msg 26: {ev[1] * 100}")


"""msg 27"""
tr_acc =hist .history ['accuracy']
va_acc =hist .history ['val_accuracy']
tr_loss =hist .history ['loss']
va_loss =hist .history ['val_loss']
xs =range (1 ,len (tr_acc )+1 )
plt .plot (xs ,tr_acc ,'b',label ='msg 28')
plt .plot (xs ,va_acc ,'r',label ='msg 29')
plt .title ('msg 30')
plt .legend ()
plt .figure ()
plt .plot (xs ,tr_loss ,'b',label ='msg 31')
plt .plot (xs ,va_loss ,'r',label ='msg 32')
plt .title ('msg 33')
plt .legend ()
plt .show ()


"""msg 34"""
print ("msg 35")
pickle .dump (cnn ,open ('cnn_model.pkl','wb'))
pickle .dump (hist ,open ('history.pkl','wb'))
pickle .dump (lb ,open ('label_transform.pkl','wb'))
