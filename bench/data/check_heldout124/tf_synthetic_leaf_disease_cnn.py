"""msg 1


"""

import os
os .environ ['TF_ENABLE_ONEDNN_OPTS']='0'
os .environ ['TF_CPP_MIN_LOG_LEVEL']='2'

import tensorflow as tf
from tensorflow import keras
from tensorflow .keras import layers
import numpy as np
import matplotlib .pyplot as plt
import seaborn as sns
from sklearn .model_selection import train_test_split
from sklearn .metrics import classification_report ,confusion_matrix
import random

print ("msg 2",tf .__version__ )
print ("msg 3")

class LeafDiseaseDemo :
    def __init__ (self ):
        self .net =None
        self .fit_log =None
        self .X_fit =None
        self .Y_fit =None
        self .X_hold =None
        self .Y_hold =None
        self .X_dev =None
        self .Y_dev =None
        self .labels_txt =[
            'Apple_Healthy','Apple_Scab','Apple_Black_Rot',
            'Corn_Healthy','Corn_Common_Rust',
            'Potato_Healthy','Potato_Early_Blight','Potato_Late_Blight',
            'Tomato_Healthy','Tomato_Early_Blight','Tomato_Late_Blight'
        ]

    def make_fake_leaves (self ,n_items =5000 ):
        """msg 4

        """
        print ("msg 5")

        # remark
        IH ,IW =128 ,128
        K =len (self .labels_txt )

        # remark
        imgs =[]
        tags =[]

        for j in range (n_items ):
            # (off)
            canvas =np .zeros ((IH ,IW ,3 ))

            # (off)
            canvas [:,:,1 ]=0.6 +0.2 *np .random .rand ()# here
            canvas [:,:,0 ]=0.1 +0.1 *np .random .rand ()# note
            canvas [:,:,2 ]=0.1 +0.1 *np .random .rand ()# see above

            # (off)
            cy ,cx =IH //2 ,IW //2
            yy ,xx =np .ogrid [:IH ,:IW ]
            oval =((xx -cx )**2 /(cx **2 )+
                   (yy -cy )**2 /(cy **2 )<=1 )

            # (off)
            for _r in range (3 ):
                x0 =random .randint (10 ,IW -10 )
                y0 =random .randint (10 ,IH -10 )
                x1 =random .randint (10 ,IW -10 )
                y1 =random .randint (10 ,IH -10 )
                cv2 .line (canvas ,(x0 ,y0 ),(x1 ,y1 ),
                        [0.3 ,0.8 ,0.3 ],1 )

            # remark
            cid =j %K
            tags .append (cid )

            # remark
            if 'Healthy'not in self .labels_txt [cid ]:
                if 'Scab'in self .labels_txt [cid ]or 'Rust'in self .labels_txt [cid ]:
                    # see above
                    for _r in range (random .randint (10 ,30 )):
                        sx =random .randint (20 ,IW -20 )
                        sy =random .randint (20 ,IH -20 )
                        rad =random .randint (2 ,8 )
                        rgb =[0.8 ,0.2 ,0.1 ]# remark
                        cv2 .circle (canvas ,(sx ,sy ),rad ,rgb ,-1 )

                elif 'Blight'in self .labels_txt [cid ]:
                    # remark
                    for _r in range (random .randint (3 ,8 )):
                        px =random .randint (30 ,IW -30 )
                        py =random .randint (30 ,IH -30 )
                        pw =random .randint (15 ,40 )
                        ph =random .randint (15 ,40 )
                        rgb =[0.7 ,0.3 ,0.1 ]# note
                        cv2 .ellipse (canvas ,(px ,py ),(pw ,ph ),
                                   0 ,0 ,360 ,rgb ,-1 )

            # note
            jitter =np .random .normal (0 ,0.02 ,(IH ,IW ,3 ))
            canvas =np .clip (canvas +jitter ,0 ,1 )

            imgs .append (canvas )

        imgs =np .array (imgs )
        tags =np .array (tags )

        # see above
        tags_onehot =keras .utils .to_categorical (tags ,K )

        # note
        self .X_fit ,self .X_hold ,self .Y_fit ,self .Y_hold =train_test_split (
            imgs ,tags_onehot ,test_size =0.2 ,random_state =42
        )

        self .X_fit ,self .X_dev ,self .Y_fit ,self .Y_dev =train_test_split (
            self .X_fit ,self .Y_fit ,test_size =0.2 ,random_state =42
        )

        print (f"msg 6: ")
        print (f"msg 7: {len(self.X_fit)}")
        print (f"msg 8: {len(self.X_dev)}")
        print (f"msg 9: {len(self.X_hold)}")
        print (f"msg 10: {K}")

    def make_net (self ):
        """msg 11

        """
        print ("msg 12")

        self .net =keras .Sequential ([
            # remark
            layers .Conv2D (32 ,(3 ,3 ),activation ='relu',input_shape =(128 ,128 ,3 )),
            layers .BatchNormalization (),
            layers .MaxPooling2D ((2 ,2 )),
            layers .Dropout (0.25 ),

            # note
            layers .Conv2D (64 ,(3 ,3 ),activation ='relu'),
            layers .BatchNormalization (),
            layers .MaxPooling2D ((2 ,2 )),
            layers .Dropout (0.25 ),

            # remark
            layers .Conv2D (128 ,(3 ,3 ),activation ='relu'),
            layers .BatchNormalization (),
            layers .MaxPooling2D ((2 ,2 )),
            layers .Dropout (0.25 ),

            # note
            layers .Conv2D (256 ,(3 ,3 ),activation ='relu'),
            layers .BatchNormalization (),
            layers .MaxPooling2D ((2 ,2 )),
            layers .Dropout (0.25 ),

            # remark
            layers .Flatten (),
            layers .Dense (512 ,activation ='relu'),
            layers .BatchNormalization (),
            layers .Dropout (0.5 ),
            layers .Dense (256 ,activation ='relu'),
            layers .Dropout (0.5 ),
            layers .Dense (len (self .labels_txt ),activation ='softmax')
        ])

        # note
        self .net .compile (
            optimizer =keras .optimizers .Adam (learning_rate =0.001 ),
            loss ='categorical_crossentropy',
            metrics =['accuracy']
        )

        print ("msg 13")
        self .net .summary ()

    def fit_net (self ,n_ep =10 ):
        """msg 14

        """
        print (f"msg 15: {n_ep}")

        # note
        cbs =[
            keras .callbacks .EarlyStopping (
                monitor ='val_loss',
                patience =5 ,
                restore_best_weights =True
            ),
            keras .callbacks .ReduceLROnPlateau (
                monitor ='val_loss',
                factor =0.2 ,
                patience =3 ,
                min_lr =1e-7
            )
        ]

        self .fit_log =self .net .fit (
            self .X_fit ,self .Y_fit ,
            batch_size =32 ,
            epochs =n_ep ,
            validation_data =(self .X_dev ,self .Y_dev ),
            callbacks =cbs ,
            verbose =1
        )

        print ("msg 16")

    def score_net (self ):
        """msg 17

        """
        print ("msg 18")

        hold_loss ,hold_acc =self .net .evaluate (self .X_hold ,self .Y_hold ,verbose =0 )
        print (f"msg 19: {hold_acc:.4f}")
        print (f"msg 20: {hold_loss:.4f}")

        # note
        probs =self .net .predict (self .X_hold )
        pred_ids =np .argmax (probs ,axis =1 )
        true_ids =np .argmax (self .Y_hold ,axis =1 )

        # see above
        print ("\nmsg 21")
        print (classification_report (true_ids ,pred_ids ,
                                  target_names =[nm [:15 ]for nm in self .labels_txt ]))

        return hold_acc ,hold_loss

    def draw_history (self ):
        """msg 22

        """
        if self .fit_log is None :
            print ("msg 23")
            return

        figure ,(left ,right )=plt .subplots (1 ,2 ,figsize =(15 ,5 ))

        # remark
        left .plot (self .fit_log .history ['accuracy'],label ='msg 24',linewidth =2 )
        left .plot (self .fit_log .history ['val_accuracy'],label ='msg 25',linewidth =2 )
        left .set_title ('msg 26',fontsize =14 ,fontweight ='bold')
        left .set_xlabel ('msg 27',fontsize =12 )
        left .set_ylabel ('msg 28',fontsize =12 )
        left .legend ()
        left .grid (True ,alpha =0.3 )

        # here
        right .plot (self .fit_log .history ['loss'],label ='msg 29',linewidth =2 )
        right .plot (self .fit_log .history ['val_loss'],label ='msg 30',linewidth =2 )
        right .set_title ('msg 31',fontsize =14 ,fontweight ='bold')
        right .set_xlabel ('msg 32',fontsize =12 )
        right .set_ylabel ('msg 33',fontsize =12 )
        right .legend ()
        right .grid (True ,alpha =0.3 )

        plt .tight_layout ()
        plt .show ()

    def draw_examples (self ,n_items =12 ):
        """msg 34

        """
        print ("msg 35")

        # see above
        picks =np .random .choice (len (self .X_hold ),n_items ,replace =False )

        figure ,grid =plt .subplots (3 ,4 ,figsize =(15 ,12 ))
        grid =grid .ravel ()

        for j ,k in enumerate (picks ):
            # note
            canvas =self .X_hold [k ]
            t_id =np .argmax (self .Y_hold [k ])
            t_name =self .labels_txt [t_id ]

            # see above
            p =self .net .predict (np .expand_dims (canvas ,axis =0 ),verbose =0 )
            p_id =np .argmax (p )
            p_name =self .labels_txt [p_id ]
            conf =np .max (p )

            # here
            grid [j ].imshow (canvas )

            # remark
            if t_id ==p_id :
                rgb ='green'
                verdict ='✓ CORRECT'
            else :
                rgb ='red'
                verdict ='✗ WRONG'

            grid [j ].set_title (
                f'msg 36: {t_name} {p_name}'
                f'msg 37: {conf:.2f} {verdict}',
                fontsize =9 ,color =rgb ,fontweight ='bold'
            )
            grid [j ].axis ('off')

            # see above
            for edge in grid [j ].spines .values ():
                edge .set_color (rgb )
                edge .set_linewidth (3 )

        plt .suptitle ('msg 38',
                    fontsize =16 ,fontweight ='bold',y =0.98 )
        plt .tight_layout ()
        plt .show ()

    def draw_confusion (self ):
        """msg 39

        """
        print ("msg 40")

        # see above
        probs =self .net .predict (self .X_hold )
        pred_ids =np .argmax (probs ,axis =1 )
        true_ids =np .argmax (self .Y_hold ,axis =1 )

        # remark
        conf_mat =confusion_matrix (true_ids ,pred_ids )

        plt .figure (figsize =(12 ,10 ))
        sns .heatmap (conf_mat ,annot =True ,fmt ='d',cmap ='Blues',
                   xticklabels =[nm [:12 ]+'...'for nm in self .labels_txt ],
                   yticklabels =[nm [:12 ]+'...'for nm in self .labels_txt ])
        plt .title ('msg 41',
                 fontsize =16 ,fontweight ='bold')
        plt .xlabel ('msg 42',fontsize =12 )
        plt .ylabel ('msg 43',fontsize =12 )
        plt .xticks (rotation =45 )
        plt .yticks (rotation =0 )
        plt .tight_layout ()
        plt .show ()

    def export_net (self ,out_path ='plant_disease_model.h5'):
        """msg 44

        """
        self .net .save (out_path )
        print (f"msg 45: {out_path}")

# see above
import cv2

def run ():
    """msg 46

    """
    print ("msg 47"*70 )
    print ("msg 48")
    print ("msg 49"*70 )

    # note
    demo =LeafDiseaseDemo ()

    # here
    demo .make_fake_leaves (n_items =3000 )

    # remark
    demo .make_net ()

    # see above
    demo .fit_net (n_ep =8 )

    # note
    final_acc ,final_loss =demo .score_net ()

    # here
    demo .draw_history ()

    # remark
    demo .draw_examples ()

    # see above
    demo .draw_confusion ()

    # note
    demo .export_net ()

    print ("\nmsg 50"+"="*60 )
    print ("msg 51")
    print ("msg 52"*60 )
    print (f"msg 53: {final_acc:.2%}")
    print (f"msg 54: {final_loss:.4f}")
    print (f"msg 55: {len(demo.labels_txt)}")
    print ("msg 56","msg 57".join (demo .labels_txt ))
    print ("msg 58")
    print ("msg 59")
    print ("msg 60"*60 )

if __name__ =="__main__":
    run ()