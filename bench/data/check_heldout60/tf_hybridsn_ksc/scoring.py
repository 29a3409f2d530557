import numpy as np

from operator import truediv
from sklearn.metrics import accuracy_score,classification_report,confusion_matrix,cohen_kappa_score


def per_class_and_mean(cm):
    n = cm.shape[0]
    diag = np.diag(cm)
    row_tot = np.sum(cm, axis=1)
    per_cls = np.nan_to_num(truediv(diag, row_tot))
    mean_acc = np.mean(per_cls)
    return per_cls, mean_acc

def summarize (feats,onehot,tag,net):
    #t0 = time.time()
    probs = net.predict(feats)
    guess = np.argmax(probs, axis=1)
    #t1 = time.time()
    #print(t1 - t0)
    if tag == 'IP':
        names = ['Alfalfa', 'Corn-notill', 'Corn-mintill', 'Corn'
            ,'Grass-pasture', 'Grass-trees', 'Grass-pasture-mowed',
                        'Hay-windrowed', 'Oats', 'Soybean-notill', 'Soybean-mintill',
                        'Soybean-clean', 'Wheat', 'Woods', 'Buildings-Grass-Trees-Drives',
                        'Stone-Steel-Towers']
    elif tag == 'SA':
        names = ['Brocoli_green_weeds_1','Brocoli_green_weeds_2','Fallow','Fallow_rough_plow','Fallow_smooth',
                        'Stubble','Celery','Grapes_untrained','Soil_vinyard_develop','Corn_senesced_green_weeds',
                        'Lettuce_romaine_4wk','Lettuce_romaine_5wk','Lettuce_romaine_6wk','Lettuce_romaine_7wk',
                        'Vinyard_untrained','Vinyard_vertical_trellis']
    elif tag == 'PU':
        names = ['Asphalt','Meadows','Gravel','Trees', 'Painted metal sheets','Bare Soil','Bitumen',
                        'Self-Blocking Bricks','Shadows']

    elif tag=='HU13':
        names = ['Grass_healthy','Grass_stressed','Grass_synthetic','Tree','Soil','Water','Residential',
                        'Commercial','Road','Highway','Railway','Parking_lot1','Parking_lot2','Tennis_court','Running_track']

    elif tag=="KSC":
        names = ['Scrub','Willow swamp','Cabbage palm hammock','Cabbage palm/oak hammock','Slash pine','Oak/broadleaf hammock',
                        'Hardwood swamp','Graminoid marsh','Spartine marsh','Cattail marsh','Salt marsh','Mud flats','Water']


    report = classification_report(np.argmax(onehot, axis=1), guess, target_names=names)

    overall = accuracy_score(np.argmax(onehot, axis=1), guess)

    cm = confusion_matrix(np.argmax(onehot, axis=1), guess)

    per_cls, mean_acc = per_class_and_mean(cm)

    kap = cohen_kappa_score(np.argmax(onehot, axis=1), guess)

    ev = net.evaluate(feats, onehot, batch_size=32)

    ev_loss =  ev[0]
    ev_acc = ev[1]*100

    return report, cm, ev_loss, ev_acc, overall*100, per_cls*100, mean_acc*100, kap*100
