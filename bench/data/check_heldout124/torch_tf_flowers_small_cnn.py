from PIL import Image
from torchvision import transforms
import torch
import torch .nn as nn
from torch .utils .data import Dataset ,DataLoader
import time
import os
import glob
import random
import copy
import cv2 as cv
import numpy as np
# see above

class PetalSet (Dataset ):
    def __init__ (self ,pairs ,tfms ):
        self .data =pairs
        self .tfms =tfms

    def __len__ (self ):
        return len (self .data )

    def __getitem__ (self ,i ):
        pic =Image .open (self .data [i ][0 ]).convert ('RGB')
        pic =self .tfms (pic )
        target =torch .nn .functional .one_hot (torch .tensor (self .data [i ][1 ]),5 ).type (torch .float32 )
        return pic ,target

def fit_and_export ():
    #
    # here
    #
    SIDE =180
    photo_root ="flower_photos"

    def tag_files (paths ,cls ):
        tagged =[(p ,cls )for p in paths ]
        return tagged

    cls_dirs =[os .path .join (photo_root ,d )
                   for d in os .listdir (photo_root )
                   if os .path .isdir (os .path .join (photo_root ,d ))]

    records =[]
    for cls_id ,cls_dir in enumerate (cls_dirs ):
        jpgs =[os .path .join (cls_dir ,fn )
                for fn in os .listdir (cls_dir )if fn .endswith (".jpg")]
        records +=tag_files (jpgs ,cls_id )

    # remark
    random .shuffle (records )

    # see above
    # (off)

    n_all =len (records )
    n_fit =int (n_all *0.8 )

    # here
    fit_set =PetalSet (records [:n_fit ],transforms .Compose ([
                transforms .Resize ((SIDE ,SIDE )),
                transforms .RandomHorizontalFlip (),
                transforms .RandomRotation ((-5 ,5 )),
                # note
                transforms .ToTensor ()
            ]))
    val_set =PetalSet (records [n_fit :],transforms .Compose ([
                transforms .Resize ((SIDE ,SIDE )),
                transforms .ToTensor ()
            ]))

    # note
    fit_dl =torch .utils .data .DataLoader (dataset =fit_set ,batch_size =32 ,shuffle =True ,num_workers =8 )
    val_dl =torch .utils .data .DataLoader (dataset =val_set ,batch_size =32 ,num_workers =8 )


    #
    # remark
    #
    # note
    petal_net =nn .Sequential (
                nn .Conv2d (in_channels =3 ,out_channels =8 ,kernel_size =3 ,padding =1 ,stride =1 ),
                nn .MaxPool2d (2 ),
                nn .ReLU (),

                nn .Conv2d (in_channels =8 ,out_channels =16 ,kernel_size =3 ,padding =1 ,stride =1 ),
                nn .MaxPool2d (2 ),
                nn .ReLU (),

                nn .Conv2d (in_channels =16 ,out_channels =32 ,kernel_size =3 ,padding =1 ,stride =1 ),
                nn .MaxPool2d (2 ),
                nn .ReLU (),

                nn .Conv2d (in_channels =32 ,out_channels =64 ,kernel_size =3 ,padding =1 ,stride =1 ),
                nn .MaxPool2d (2 ),
                nn .ReLU (),
                nn .Dropout (0.3 ),

                nn .Conv2d (in_channels =64 ,out_channels =128 ,kernel_size =3 ,padding =1 ,stride =1 ),
                nn .MaxPool2d (2 ),
                nn .ReLU (),

                nn .Flatten (),
                nn .Dropout (0.5 ),
                nn .Linear (5 *5 *128 ,128 ),
                nn .ReLU (),
                nn .Dropout (0.2 ),
                nn .Linear (128 ,5 ),
                nn .Softmax ()
            )
    for m in petal_net :
        if isinstance (m ,nn .Conv2d )or isinstance (m ,nn .Linear ):
            nn .init .kaiming_uniform_ (m .weight )
            nn .init .constant_ (m .bias ,0 )
    print (petal_net )

    #
    # remark
    #

    if torch .cuda .is_available ():
        print ("msg 1",torch .cuda .get_device_name (0 ))
    gpu =torch .device ('cuda:0')
    host =torch .device ('cpu')

    #
    # here
    #

    ce =nn .CrossEntropyLoss ()
    adam =torch .optim .Adam (petal_net .parameters (),lr =1e-3 )
    plateau =torch .optim .lr_scheduler .ReduceLROnPlateau (adam ,
                 mode ='min',factor =0.1 ,patience =10 ,threshold =1e-4 ,
                 verbose =True )

    #
    # see above
    #
    """msg 2 {:.5f} {:.5f} {:.5f}































    """

    #
    # remark
    #

    petal_net .to (gpu )

    fit_losses =[]
    fit_accs =[]
    val_accs =[]

    N_EPOCHS =400

    for ep in range (N_EPOCHS ):

        # here
        step_losses =[]
        n_right =0
        petal_net .train ()

        for xb ,target in fit_dl :
            xb ,target =xb .to (gpu ),target .to (gpu )
            scores =petal_net (xb )
            l =ce (scores ,target )

            n_right +=(torch .argmax (scores ,1 )==torch .argmax (target ,1 )).sum ().item ()
            step_losses .append (l .data .item ())

            adam .zero_grad ()
            l .backward ()
            adam .step ()

        fit_losses .append (torch .mean (torch .tensor (step_losses )).item ())
        fit_accs .append (n_right /len (fit_dl .dataset ))

        # here
        n_right =0
        petal_net .eval ()
        for xb ,target in val_dl :
            xb ,target =xb .to (gpu ),target .to (gpu )
            scores =petal_net (xb )
            n_right +=(torch .argmax (scores ,1 )==torch .argmax (target ,1 )).sum ().item ()

        val_accs .append (n_right /len (val_dl .dataset ))

        plateau .step (fit_losses [-1 ])

        print ("msg 3 {} {:.5f} {:.5f} {:.5f}".format (
            ep +1 ,fit_losses [-1 ],fit_accs [-1 ],val_accs [-1 ]))
    print ("msg 4")

    #
    # note
    #

    for probe ,probe_y in fit_dl :
        break

    probe =torch .reshape (probe [0 ],(1 ,3 ,SIDE ,SIDE ))
    probe_y =probe_y [0 ]

    # see above
    # (off)

    probe =probe .to (gpu )
    scores =petal_net (probe )
    print (torch .argmax (scores ).item (),torch .argmax (probe_y ))

    #
    # see above
    #
    petal_net .to (host )
    petal_net .eval ()

    onnx_file ="model_flowers.onnx"
    torch .onnx .export (petal_net ,
                        torch .randn (1 ,3 ,SIDE ,SIDE ),# note
                        onnx_file ,
                        verbose =False ,
                        input_names =["actual_input"],
                        output_names =["output"],
                        export_params =True )

    #
    # note
    #

    cv_net =cv .dnn .readNetFromONNX (onnx_file )

    PROBE_IDX =1001
    bgr =cv .imread (fit_dl .dataset .data [PROBE_IDX ][0 ],cv .IMREAD_COLOR )

    blob =cv .dnn .blobFromImage (
        image =bgr ,
        scalefactor =1. /255. ,
        size =(SIDE ,SIDE ))

    cv_net .setInput (blob )
    cv_out =cv_net .forward ()

    print (torch .argmax (torch .tensor (cv_out )).item (),fit_dl .dataset .data [PROBE_IDX ][1 ])

if __name__ =='__main__':
    fit_and_export ()
