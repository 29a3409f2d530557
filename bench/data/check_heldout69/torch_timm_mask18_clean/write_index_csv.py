import csv

def start(pic_paths,classes):
    """write (path, class) rows to a csv index

    Args:
        pic_paths ([list]): relative picture paths
        classes ([list]): class ids
    """
    rows=[['imageName','label']]

    for rel, cls in zip(pic_paths,classes):
        rows.append([rel,cls])

    with open('labeled_train_data.csv','w') as fh:
        out = csv.writer(fh)
        out.writerows(rows)
        
