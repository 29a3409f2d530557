from tensorflow.keras.preprocessing.image import img_to_array
from tensorflow.keras.preprocessing.image import load_img
from tensorflow.keras.models import load_model
import numpy as np
import cv2
import os
import pickle

def preprocess_image(image, netinfo, netname):
    # bring the crop to the classifier's input size
    image = cv2.resize(image, (netinfo[netname]["size"], netinfo[netname]["size"]))

    # per-network normalisation
    if netname == 'vggnet_finetune':
        image = cv2.cvtColor(image, cv2.COLOR_BGR2RGB)
        # float32 and ImageNet channel means removed
        image = image.astype("float32")
        mean = np.array([123.68, 116.779, 103.939][::-1], dtype="float32")
        image -= mean
    else:
        # plain [0, 1] scaling
        image = image.astype("float") / 255.0

    # either a flat vector (MLP) or an image with a batch axis (CNN)

    if netinfo[netname]["flatten"]:
        image = image.flatten()
        image = image.reshape((1, image.shape[0]))
    else:
        image = image.reshape((1, image.shape[0], image.shape[1],image.shape[2]))

    return image

def compute_iou(boxA, boxB):
    # corners of the overlap
    xA = max(boxA[0], boxB[0])
    yA = max(boxA[1], boxB[1])
    xB = min(boxA[2], boxB[2])
    yB = min(boxA[3], boxB[3])
    # overlap area
    interArea = max(0, xB - xA + 1) * max(0, yB - yA + 1)
    # both box areas
    boxAArea = (boxA[2] - boxA[0] + 1) * (boxA[3] - boxA[1] + 1)
    boxBArea = (boxB[2] - boxB[0] + 1) * (boxB[3] - boxB[1] + 1)
    # overlap over union
    iou = interArea / float(boxAArea + boxBArea - interArea)
    return iou

####################################################################################

# folder of test images with its CSV of true boxes
test = os.path.join(os.getcwd(),'test')

# the trained box regressor
print("[INFO] loading object detector...")
model = load_model(os.path.join(os.getcwd(),"output","vggnet_bbregression.model"))

# the species classifier and its label binarizer
netname = 'vggnet_finetune'
netinfo  = {'simplenn'         :{"pickle":"simple_nn_lb.pickle",'model':'simple_nn.model'  ,'size':32,'flatten':True},
            'vggnet'           :{"pickle":"smallvggnet.pickle" ,'model':'smallvggnet.model','size':64,'flatten':False},
            'vggnet_finetune'  :{"pickle":"vggnet_finetune_wnegative_iou02.pickle" ,'model':'vggnet_finetune_wnegative_iou02.model','size':224,'flatten':False}}


print("[INFO] loading classification model and label binarizer...")
classification = load_model(os.path.join(os.getcwd(),"output",netinfo[netname]["model"]))
lb = pickle.loads(open(os.path.join(os.getcwd(),"output",netinfo[netname]["pickle"]), "rb").read())

# rows of the annotation CSV
print("[INFO] loading test dataset...")
annotations_csv = os.path.join(test,'test_annotation.csv')
rows = open(annotations_csv).read().strip().split("\n")

# running metrics
ious,accuracy = [],[]

# one test image at a time
for r,row in enumerate(rows):
    # file name, label and true corners
    row = row.split(",")
    (filename, label, true_startX, true_startY, true_endX, true_endY) = row

    # 224 x 224 input in [0, 1] with a batch axis
    image = load_img(os.path.join(test,label,filename), target_size=(224, 224))
    image = img_to_array(image) / 255.0
    image = np.expand_dims(image, axis=0)

    # predicted box, as fractions of the image size
    preds = model.predict(image)[0]
    (startX, startY, endX, endY) = preds

    # full-size image for drawing and cropping
    image = cv2.imread(os.path.join(test,label,filename))
    (h, w) = image.shape[:2]

    # fractions -> pixels
    startX = int(startX * w)
    startY = int(startY * h)
    endX = int(endX * w)
    endY = int(endY * h)

    true_startX = int(true_startX)
    true_startY = int(true_startY)
    true_endX = int(true_endX)
    true_endY = int(true_endY)

    # IoU of predicted and true box
    pred_box = (startX, startY, endX, endY)
    true_box=  (true_startX, true_startY, true_endX, true_endY)
    iou = compute_iou(true_box,pred_box)
    ious.append(compute_iou(true_box,pred_box))

    # crop the predicted region for the classifier
    roi = image[startY:startY + endY, startX:startX + endX]
    roi = preprocess_image(roi,netinfo,netname)

    # classify the crop and score it against the true label
    prediction = classification.predict(roi)
    prediction_proba = prediction.max(axis=1)[0]
    prediction_label = lb[prediction.argmax(axis=1)[0]]
    accuracy.append(1) if prediction_label == label else accuracy.append(0)

    # both boxes on the image
    cv2.rectangle(image, (startX, startY), (endX, endY),(0, 255, 0), 2)
    cv2.rectangle(image, (true_startX, true_startY), (true_endX, true_endY),(0, 0, 255), 2)

    # captions
    h = image.shape[0]
    cv2.putText(image, "Predicted", (10, int(h*0.05)), cv2.FONT_HERSHEY_SIMPLEX,0.8, (0, 255, 0), 2)
    cv2.putText(image, "True", (10, int(h*0.1)), cv2.FONT_HERSHEY_SIMPLEX,0.8, (0, 0, 255), 2)
    cv2.putText(image, "IOU: {:.2f}".format(iou), (10, int(h*0.15)), cv2.FONT_HERSHEY_SIMPLEX,0.8, (3, 194, 252), 2)
    cv2.putText(image, "{} {:.1f}%".format(prediction_label,prediction_proba*100), (10, int(h*0.20)), cv2.FONT_HERSHEY_SIMPLEX,0.8, (3, 194, 252), 2)

    # annotated image to disk
    filename = "{}.png".format(r)
    outputPath = os.path.join(os.getcwd(),"assets",filename)
    cv2.imwrite(outputPath, image)

# summary
print("Mean IOU: {}".format(sum(ious)/len(ious)))
print("Accuracy: {}".format(sum(accuracy)/len(accuracy)))
