from torchmetrics.detection.mean_ap import MeanAveragePrecision
import os
import cv2
import json
import random


def mean_ap_of(pred_list, target_list):
    map_metric = MeanAveragePrecision(iou_type="bbox")
    map_metric.update(preds=pred_list, target=target_list)
    scores = map_metric.compute()
    return scores["map"]


def draw_boxes(
    pred_json_path,
    image_dir,
    out_dir,
    draw_count=10,
    pick_random=True,
    min_score=0.8,
):
    with open(pred_json_path, "r") as f:
        pred_records = json.load(f)

    boxes_by_image = {}
    for rec in pred_records:
        if rec["score"] >= min_score:
            boxes_by_image.setdefault(rec["image_id"], []).append(
                (rec["category_id"] - 1, rec["bbox"], rec["score"])
            )

    if pick_random:
        picked_ids = random.sample(list(boxes_by_image.keys()), draw_count)
    else:
        ordered = dict(sorted(boxes_by_image.items()))
        picked_ids = list(ordered.keys())[:10]

    zoom = 3
    for image_id in picked_ids:
        img = cv2.imread(os.path.join(image_dir, str(image_id) + ".png"))
        big_img = cv2.resize(
            img, None, fx=zoom, fy=zoom
        )
        for cls_digit, bbox, conf in boxes_by_image[image_id]:
            box_px = [int(num * zoom) for num in bbox]
            cv2.rectangle(
                big_img,
                (box_px[0], box_px[1]),
                (box_px[0] + box_px[2], box_px[1] + box_px[3]),
                (0, 255, 0),
                1,
            )
            cv2.putText(
                big_img,
                f"{cls_digit}",
                (box_px[0], box_px[1] - 3),
                cv2.FONT_HERSHEY_SIMPLEX,
                0.45,
                (0, 255, 0),
                1,
            )
            cv2.putText(
                big_img,
                f"{conf:.2f}",
                (
                    box_px[0]
                    + cv2.getTextSize(f"{cls_digit}", cv2.FONT_HERSHEY_SIMPLEX, 0.45, 1)[0][0]
                    + 3,
                    box_px[1] - 3,
                ),
                cv2.FONT_HERSHEY_SIMPLEX,
                0.45,
                (255, 0, 0),
                1,
            )
        cv2.imwrite(
            os.path.join(out_dir, str(image_id) + ".png"), big_img
        )

    print(f"drawn pictures written to {out_dir}")
